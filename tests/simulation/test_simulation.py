"""reversis.simulation.runs.simulate and ``python -m reversis simulate``."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import reversis
from reversis import cli
from reversis import events as ev
from reversis.bots.players import CautiousBot, RandomBot, play_hand
from reversis.cli import main
from reversis.errors import ArgumentError
from reversis.records import notation as records
from reversis.simulation import workers as pool
from reversis.simulation.runs import MAX_MILLIS, MAX_PLAYOUTS, BotResult, hand_seed, simulate

FOUR = ["cautious", "random", "random", "random"]


def lowest_bot(seed: int) -> RandomBot:
    """A factory that pickles (module level)."""
    return RandomBot(random.Random(seed))


def test_workers_do_not_change_the_result() -> None:
    one = simulate("fournier-1785", FOUR, hands=60, seed=5, workers=1)
    two = simulate("fournier-1785", FOUR, hands=60, seed=5, workers=2)
    assert one == two
    chunked = simulate("fournier-1785", FOUR, hands=60, seed=5, workers=2, chunk=7)
    assert chunked == one
    with ThreadPoolExecutor(3) as pool:
        threaded = simulate("fournier-1785", FOUR, hands=60, seed=5, executor=pool, chunk=11)
    assert threaded == one
    assert simulate("fournier-1785", FOUR, hands=60, seed=6) != one


def test_matches_on_two_workers_equal_one() -> None:
    bots = ["cautious", "random", "random"]
    one = simulate("reunion", bots, matches=6, seed=2)
    two = simulate("reunion", bots, matches=6, seed=2, workers=2, chunk=1)
    assert one == two
    assert one.kind == "matches"
    assert all(b.matches == 6 for b in one.bots)
    assert sum(b.match_net for b in one.bots) == 0  # Réunion's money stays between players


def test_the_figures_are_the_facts_of_the_hands(tmp_path: Path) -> None:
    """Replaying the kept records gives every figure of the table, seat rotation included."""
    profile = reversis.load_profile("hoyle")
    result = simulate(profile, FOUR, hands=48, seed=3, records_dir=tmp_path)
    files = sorted(tmp_path.glob("hand-*.txt"))
    assert len(files) == 48
    net = Counter[int]()
    squares = Counter[int]()
    pots = Counter[int]()
    won = Counter[int]()
    made = Counter[int]()
    broken = Counter[int]()
    used = Counter[int]()
    seats: dict[int, set[int]] = {k: set() for k in range(4)}
    dealers = set()
    for i, path in enumerate(files):
        hand = records.replay(path.read_text())
        assert isinstance(hand, reversis.Hand)
        assert hand.deal.seed == hand_seed(3, i)
        dealers.add(hand.dealer)
        over = hand.events[-1]
        assert isinstance(over, ev.HandOver)
        for k in range(4):
            seat = (k + i) % 4
            seats[k].add(seat)
            value = reversis.settle(hand).net[seat]
            net[k] += value
            squares[k] += value * value
            if over.winner is not None:
                pots[k] += 1
                won[k] += over.winner == seat
            made[k] += ev.ReversisMade(seat) in hand.events
            broken[k] += any(
                isinstance(e, ev.ReversisBroken) and e.seat == seat for e in hand.events
            )
            used[k] += any(isinstance(e, ev.PrivilegeUsed) and e.seat == seat for e in hand.events)
    assert dealers == {0, 1, 2, 3}
    for k, bot in enumerate(result.bots):
        assert seats[k] == {0, 1, 2, 3}  # no bot keeps one seat
        assert bot.hands == 48
        assert (bot.net, bot.net_squares) == (net[k], squares[k])
        assert (bot.pot_hands, bot.pots_won) == (pots[k], won[k])
        assert (bot.reversis_made, bot.reversis_broken) == (made[k], broken[k])
        assert bot.privilege_used == used[k]
    assert sum(b.privilege_used or 0 for b in result.bots) > 0  # hoyle's espagnolette is used


def test_a_hand_is_what_the_bots_would_play() -> None:
    """Hand i of a simulation is the hand its seeded bots play at their rotated seats."""
    result = simulate("fournier-1785", ["cautious"] * 4, hands=3, seed=9)
    # Cautious bots are deterministic: the net of each bot is the sum over its rotated seats.
    total = [0, 0, 0, 0]
    for i in range(3):
        hand = play_hand(
            reversis.new_hand("fournier-1785", seed=hand_seed(9, i), dealer=0),
            [CautiousBot() for _ in range(4)],
        )
        net = reversis.settle(hand).net
        for k in range(4):
            total[k] += net[(k + i) % 4]
    assert [b.net for b in result.bots] == total


def test_statistics() -> None:
    # Four hands netting 2, 2, 4 and 0: sum 8, squares 24, variance (24 - 8²/4) / 3 = 8/3.
    bot = BotResult("x", 0, 4, 8, 24, 4, 1, 0, 0, 0)
    assert bot.mean_net == 2.0
    assert bot.net_interval == pytest.approx(1.96 * (8 / 3 / 4) ** 0.5)
    assert bot.pot_won_percent == 25.0
    data = bot.to_dict()
    assert data["mean_net"] == 2.0
    assert "mean_match_net" not in data


def test_games_without_pot_print_a_dash() -> None:
    result = simulate("tetka", ["cautious", "random", "random", "random"], hands=8)
    assert result.bots[0].pot_won_percent is None
    assert result.bots[0].reversis_made is None
    table = result.table()
    assert "—" in table
    assert table.splitlines()[2].split()[2] == "—"


def test_factories_and_options() -> None:
    result = simulate("fournier-1785", [lowest_bot, *FOUR[1:]], hands=8, seed=1, workers=2)
    assert result.bots[0].name == "lowest_bot"
    mc = simulate(
        "fournier-1785",
        ["monte-carlo", "cautious", "cautious", "cautious"],
        hands=4,
        bot_options={"monte-carlo": {"playouts": 1}},
    )
    assert mc.bots[0].hands == 4


def test_progress_is_reported() -> None:
    seen: list[tuple[int, int]] = []
    simulate("fournier-1785", FOUR, hands=120, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (120, 120)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_bad_arguments() -> None:
    with pytest.raises(ArgumentError, match="3 bots for 4 seats"):
        simulate("fournier-1785", FOUR[:3], hands=1)
    with pytest.raises(ArgumentError, match="unknown bot 'genius'"):
        simulate("fournier-1785", ["genius", *FOUR[1:]], hands=1)
    with pytest.raises(ArgumentError, match="one of them"):
        simulate("fournier-1785", FOUR)
    with pytest.raises(ArgumentError, match="one of them"):
        simulate("fournier-1785", FOUR, hands=1, matches=1)
    with pytest.raises(ArgumentError, match="1 to"):
        simulate("fournier-1785", FOUR, hands=0)
    with pytest.raises(ArgumentError, match="seed"):
        simulate("fournier-1785", FOUR, hands=1, seed=-1)
    with pytest.raises(ArgumentError, match="workers"):
        simulate("fournier-1785", FOUR, hands=1, workers=0)
    with pytest.raises(ArgumentError, match="executor"):
        simulate("fournier-1785", FOUR, hands=1, executor="dask")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="playouts"):
        simulate("fournier-1785", FOUR, hands=1, bot_options={"monte-carlo": {"playouts": 0}})
    with pytest.raises(ArgumentError, match="no options"):
        simulate("fournier-1785", FOUR, hands=1, bot_options={"random": {"playouts": 3}})


def test_cli_table_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["simulate", "--hands", "40", "--seed", "2"]) == 0
    table = capsys.readouterr().out
    assert table.startswith("fournier-1785: 40 hands, seed 2")
    assert "cautious" in table
    assert main(["simulate", "--hands", "40", "--seed", "2", "--json", "--workers", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["type"] == "simulation"
    assert data["hands"] == 40
    expected = simulate("fournier-1785", FOUR, hands=40, seed=2)
    assert [b["net"] for b in data["bots"]] == [b.net for b in expected.bots]
    out = tmp_path / "records"
    assert main(["simulate", "--matches", "2", "--profile", "reunion", "--records", str(out)]) == 0
    assert len(list(out.glob("match-*.txt"))) == 2
    capsys.readouterr()
    assert main(["simulate", "--hands", "4", "--bots", "random,random,random,random,cautious"]) == 2
    assert "at most one bot per seat (4), not 5" in capsys.readouterr().err
    for bots in ("random,,cautious", "random,", " "):
        assert main(["simulate", "--hands", "4", "--bots", bots]) == 2
        assert "empty name" in capsys.readouterr().err
    assert main(["simulate", "--hands", "4", "--bots", "random,clever"]) == 2
    assert "unknown bot 'clever'" in capsys.readouterr().err


def test_simulate_cycles_a_shorter_list_of_bots_over_the_seats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--bots random,cautious`` on four seats is random, cautious, random, cautious (issue 38:
    it was refused, though the help's default read "cautious then random")."""
    assert main(["simulate", "--hands", "8", "--bots", "random,cautious", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [b["name"] for b in data["bots"]] == ["random", "cautious", "random", "cautious"]
    expected = simulate("fournier-1785", ["random", "cautious", "random", "cautious"], hands=8)
    assert [b["net"] for b in data["bots"]] == [b.net for b in expected.bots]
    assert main(["simulate", "--hands", "4", "--profile", "fournier-1785-3p", "--bots",
                 "cautious,random", "--json"]) == 0  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert [b["name"] for b in data["bots"]] == ["cautious", "random", "cautious"]
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "random, cautious, random, cautious" in " ".join(capsys.readouterr().out.split())


def test_progress_bar_without_tqdm(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # as if the progress extra were missing
    simulate("fournier-1785", FOUR, hands=60, progress=True)
    err = capsys.readouterr().err
    assert "60/60 hands" in err
    assert "/s, " in err
    assert "s left" in err


# -- bounded work, and nothing left behind (issue 23) -----------------------------------------


def _children() -> set[int]:
    """The process ids of this process's children (Linux: ``/proc``)."""
    found: set[int] = set()
    for task in os.listdir("/proc/self/task"):
        with contextlib.suppress(OSError), open(f"/proc/self/task/{task}/children") as file:
            found |= {int(pid) for pid in file.read().split()}
    return found


LINUX = Path("/proc/self/task").is_dir()


@pytest.mark.skipif(not LINUX, reason="counts processes in /proc")
def test_never_more_processes_than_the_work_needs() -> None:
    before = _children()
    seen: list[int] = []
    asked = min(pool.max_workers(), 8)

    def count(done: int, total: int) -> None:
        seen.append(len(_children() - before))

    one = simulate("fournier-1785", FOUR, hands=1, workers=asked, progress=count)
    assert seen == [0]  # one hand: played here, no process started
    seen.clear()
    two = simulate("fournier-1785", FOUR, hands=2, workers=asked, chunk=1, progress=count)
    assert 1 <= max(seen) <= 2  # two chunks: two processes at most, not `asked`
    assert one == simulate("fournier-1785", FOUR, hands=1)
    assert two == simulate("fournier-1785", FOUR, hands=2)


def test_workers_have_a_hard_cap(capsys: pytest.CaptureFixture[str]) -> None:
    assert pool.max_workers() == pool.WORKERS_PER_CPU * pool.cpu_count()
    cap = pool.max_workers()
    with pytest.raises(ArgumentError, match=f"workers must be an integer from 1 to {cap} "):
        simulate("fournier-1785", FOUR, hands=1, workers=cap + 1)
    with pytest.raises(ArgumentError, match="workers must be"):
        simulate("fournier-1785", FOUR, hands=1, workers=True)  # type: ignore[arg-type]
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--hands", "1", "--workers", str(cap + 1)])
    assert exc.value.code == 2
    assert f"--workers: must be from 1 to {cap} (4 per CPU)" in capsys.readouterr().err


class _Taken(Future[Any]):
    """A future that counts, on its executor, the results not yet taken back."""

    def __init__(self, executor: _CountingExecutor) -> None:
        super().__init__()
        self.executor = executor
        self.taken = False

    def result(self, timeout: float | None = None) -> Any:
        if not self.taken:
            self.taken = True
            self.executor.in_flight -= 1
        return super().result(timeout)


class _CountingExecutor(Executor):
    """Runs each task at once, in this thread, and counts the tasks submitted and not taken."""

    def __init__(self) -> None:
        self.in_flight = 0
        self.most = 0
        self.submitted = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = _Taken(self)
        self.submitted += 1
        self.in_flight += 1
        self.most = max(self.most, self.in_flight)
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:  # the task's failure is the future's, as in any executor
            future.set_exception(exc)
        return future


def test_work_is_submitted_as_it_is_consumed() -> None:
    """At most two chunks per worker are in flight, however many hands: memory does not grow
    with ``hands``."""
    counting = _CountingExecutor()
    result = simulate("fournier-1785", FOUR, hands=300, seed=4, executor=counting, workers=2,
                      chunk=1)  # fmt: skip
    assert counting.submitted == 300
    assert counting.most <= pool.IN_FLIGHT_PER_WORKER * 2
    assert counting.in_flight == 0
    assert result == simulate("fournier-1785", FOUR, hands=300, seed=4)
    counting = _CountingExecutor()
    simulate("fournier-1785", FOUR, hands=100, executor=counting, chunk=1)
    assert counting.most <= pool.IN_FLIGHT_PER_WORKER * pool.cpu_count()


def test_a_failing_task_stops_the_submission() -> None:
    counting = _CountingExecutor()
    with pytest.raises(RuntimeError, match="hand 7"):
        simulate("fournier-1785", [failing_bot, *FOUR[1:]], hands=1000, executor=counting,
                 workers=2, chunk=1)  # fmt: skip
    assert counting.submitted <= 8 + pool.IN_FLIGHT_PER_WORKER * 2


def failing_bot(seed: int) -> RandomBot:
    """A factory (module level) whose eighth hand fails."""
    if seed == _seed_of_hand(7):
        raise RuntimeError("hand 7")
    return RandomBot(random.Random(seed))


def _seed_of_hand(index: int) -> int:
    return random.Random(f"reversis-simulate:0:{index}:0").getrandbits(64)


def test_playouts_and_millis_are_capped(capsys: pytest.CaptureFixture[str]) -> None:
    bots = ["monte-carlo", *FOUR[1:]]
    too_many = {"monte-carlo": {"playouts": MAX_PLAYOUTS + 1}}
    with pytest.raises(ArgumentError, match=f"playouts must be at most {MAX_PLAYOUTS}"):
        simulate("fournier-1785", bots, hands=1, bot_options=too_many)
    for millis in (float("inf"), MAX_MILLIS + 1):
        forever = {"monte-carlo": {"playouts": None, "millis": millis}}
        with pytest.raises(ArgumentError, match=f"millis must be at most {MAX_MILLIS}"):
            simulate("fournier-1785", bots, hands=1, bot_options=forever)
    for command in ("simulate", "play"):
        with pytest.raises(SystemExit) as exc:
            main([command, "--bots", "monte-carlo", "--playouts", "10000000"])
        assert exc.value.code == 2
        assert f"--playouts: must be from 1 to {MAX_PLAYOUTS}, not 10000000" in (
            capsys.readouterr().err
        )
    for name in ("simulate", "play"):  # the help tells the cap
        assert f"at most {MAX_PLAYOUTS}" in " ".join(_commands()[name].format_help().split())


def _commands() -> dict[str, Any]:
    import argparse

    for action in cli.parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no commands")


def test_records_dir_is_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ArgumentError, match="records_dir must be a folder's path .*not int"):
        simulate("fournier-1785", FOUR, hands=1, records_dir=5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="'/dev/null' is not a folder"):
        simulate("fournier-1785", FOUR, hands=1, records_dir="/dev/null")
    a_file = tmp_path / "file.txt"
    a_file.write_text("x", encoding="utf-8")
    with pytest.raises(ArgumentError, match="is not a folder"):
        simulate("fournier-1785", FOUR, hands=1, records_dir=a_file)
    deep = tmp_path / "missing" / "records"
    with pytest.raises(ArgumentError, match="missing' does not exist: create it first"):
        simulate("fournier-1785", FOUR, hands=1, records_dir=deep)
    assert not (tmp_path / "missing").exists()  # no parent is made
    assert main(["simulate", "--hands", "1", "--records", str(deep)]) == 2
    assert "--records: the folder" in capsys.readouterr().err
    assert not (tmp_path / "missing").exists()
    made = tmp_path / "records"
    simulate("fournier-1785", FOUR, hands=2, records_dir=str(made))
    assert sorted(p.name for p in made.iterdir()) == ["hand-000000.txt", "hand-000001.txt"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_among_the_records_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "hand-000000.txt")
    with pytest.raises(ArgumentError, match="hand-000000.txt' is not a regular file"):
        simulate("fournier-1785", FOUR, hands=1, records_dir=tmp_path)


def test_a_factory_that_cannot_reach_the_workers_is_refused_up_front() -> None:
    def local(seed: int) -> RandomBot:
        return RandomBot(random.Random(seed))

    for factory in (local, lambda seed: RandomBot(random.Random(seed))):
        with pytest.raises(ArgumentError, match="top level, or a bot's name .*random"):
            simulate("fournier-1785", [factory, *FOUR[1:]], hands=8, workers=2)
    # On this process, or on threads, nothing is pickled: any function will do.
    assert simulate("fournier-1785", [local, *FOUR[1:]], hands=2, workers=1).bots[0].hands == 2
    with ThreadPoolExecutor(2) as threads:
        done = simulate("fournier-1785", [local, *FOUR[1:]], hands=2, executor=threads)
    assert done.bots[0].name == "local"


# -- the workers end with the command ----------------------------------------------------------


def _process_children(pid: int) -> set[int]:
    found: set[int] = set()
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(OSError), open(f"/proc/{pid}/task/{task}/children") as file:
                found |= {int(child) for child in file.read().split()}
    return found


def _threads(pid: int) -> list[str]:
    try:
        return os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie, dead and not yet reaped, is not)."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _poll(condition: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


#: ``python -m reversis`` with SIGINT's handler installed (Python leaves an inherited ignore).
INTERRUPTIBLE = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from reversis.cli import main; sys.exit(main(sys.argv[1:]))"
)


@pytest.mark.skipif(not LINUX, reason="finds the workers in /proc")
@pytest.mark.parametrize("settled", [False, True])
@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM", "SIGINT"])
def test_the_workers_end_with_the_command(how: str, settled: bool) -> None:
    """``simulate --workers 2`` killed (``SIGKILL``), terminated or interrupted (Ctrl-C, sent to
    the whole process group as a terminal does): no worker process is left running. The signal
    comes as soon as the workers exist, or once they are at work (their thread that watches the
    parent is running). The command runs as ``python -m reversis`` does from a terminal, with
    Ctrl-C's handler, whatever this process passes on: a shell that starts a job in the
    background (as CI may be) has SIGINT ignored, and Python keeps an ignore it inherits."""
    command = [sys.executable, "-c", INTERRUPTIBLE, "simulate", "--hands", "4294967295"]
    proc = subprocess.Popen(
        [*command, "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    workers: set[int] = set()
    try:
        assert _poll(lambda: len(_process_children(proc.pid)) >= 2, 60), "no workers started"
        workers = _process_children(proc.pid)
        if settled:
            assert _poll(lambda: all(len(_threads(pid)) >= 2 for pid in workers), 60)
        if how == "SIGINT":
            os.killpg(proc.pid, signal.SIGINT)
        else:
            os.kill(proc.pid, getattr(signal, how))
        _, err = proc.communicate(timeout=60)
        assert _poll(lambda: not any(_running(pid) for pid in workers), 30), "workers left"
        expected = {"SIGKILL": -signal.SIGKILL, "SIGTERM": 143, "SIGINT": 130}[how]
        assert proc.returncode == expected
        assert b"Traceback" not in err
        if how == "SIGINT":
            assert err.strip() == b"Interrupted."
    finally:  # whatever happened, nothing is left behind (the workers hold the pipes open)
        for pid in workers:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        proc.kill()
        proc.communicate(timeout=60)


#: ``simulate --workers 2`` with its workers started by a fork server (Python 3.14's default on
#: Linux), which lives as long as the workers do.
FORK_SERVER_SIMULATE = """
import multiprocessing, sys
if __name__ == "__main__":
    multiprocessing.set_start_method("forkserver")
    from reversis.cli import main
    sys.exit(main(["simulate", "--hands", "4294967295", "--workers", "2"]))
"""


def _session(sid: int) -> dict[int, int]:
    """The processes of session ``sid`` but its leader: pid → parent's pid."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == sid:
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            with open(f"/proc/{entry}/stat") as file:
                fields = file.read().rsplit(")", 1)[1].split()
            if int(fields[3]) == sid and fields[0] != "Z":
                found[int(entry)] = int(fields[1])
    return found


@pytest.mark.skipif(not LINUX, reason="finds the workers in /proc")
def test_the_workers_end_with_the_command_under_a_fork_server() -> None:
    """Killed with ``SIGKILL``, the command leaves nothing behind: its workers (whose parent is
    the fork server, not the command) end, and so do the fork server and the resource tracker."""
    proc = subprocess.Popen(
        [sys.executable, "-c", FORK_SERVER_SIMULATE],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    left: dict[int, int] = {}
    try:

        def workers_started() -> bool:
            session = _session(proc.pid)
            return sum(parent in session for parent in session.values()) >= 2

        assert _poll(workers_started, 60), "no workers started"
        left = _session(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        # The command is not reaped yet (the workers hold its pipes): the workers see it dead.
        assert _poll(lambda: not any(_running(pid) for pid in left), 30), "processes left"
        proc.communicate(timeout=60)
        assert proc.returncode == -signal.SIGKILL
    finally:
        for pid in left:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        proc.kill()
        proc.communicate(timeout=60)
