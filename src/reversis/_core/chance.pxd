# The seeded shuffle's words (chance.pyx): SHAKE-256 in C.

cdef void _deck_words(object seed, unsigned long long* words, int count) except *
