"""The shipped rule profiles, as TOML files (see :func:`reversis.load_profile`)."""
