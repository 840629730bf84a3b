"""nine at every size over HTTP, and every puzzle's rule options, against
evidence apart from the service: every returned move sequence replayed by
the simulator written from the rules (nine_rules.py), every successor's
board worked out again, the 2x2 distances against a breadth-first search
written here, batches compared byte for byte with the command line, and the
probe with the Python API; bad options (hypothesis) always a JSON 400 naming
what is wrong; the ETag never the same for two sizes; the limits that admit
a 64x64 state and still refuse what is longer."""

from __future__ import annotations

import json
import random
import string
import sys
import time
import urllib.error
import urllib.request
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from nine_rules import documented_bound, matrices, names_of, operate, random_solvable, replay, solved, written
from serving import free_port, started
from starlette.testclient import TestClient

from ninebase import build_tables, lookup, puzzles
from ninebase.lookup.cli import main
from ninebase.lookup.web import check_tables, create_app
from ninebase.lookup.web.settings import DEFAULT_SETTINGS

NINE = puzzles.get("nine")
NINEBASE = str(Path(sys.executable).parent / "ninebase")


def at(n: int) -> puzzles.Puzzle:
    return NINE.variant({"size": n})


@pytest.fixture(scope="module")
def client(tables: lookup.Tables) -> TestClient:
    """The app over the session's tables: nine-2 is built there, nine-4 is not."""
    with TestClient(create_app(tables)) as test_client:
        yield test_client


def as_json(value: object) -> object:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("n", [2, 3, 5, 9, 12])
def test_a_probe_replays_to_the_goal_and_every_move_is_worked_out_again(
    client: TestClient, tables: lookup.Tables, n: int
) -> None:
    rng = random.Random(n)
    for _ in range(3):
        a, b = random_solvable(n, rng)
        state = written(a, b)
        answer = client.get("/api/nine", params={"state": state.replace(" ", "_"), "size": str(n)}).json()
        assert answer == as_json(tables.probe(at(n), state).to_dict())  # the Python API, the same rules
        assert answer["state"] == state and solved(*replay(a, b, answer["moves"]))
        assert answer["distance"] == len(answer["moves"])
        if n >= 5:  # a construction: it says so, and keeps within the documented bound
            assert answer["optimal"] is False and answer["bound"] == documented_bound(n) >= answer["distance"]
        else:
            assert "optimal" not in answer and int(answer["count"]) >= 1
        successors = answer["successors"]
        assert sorted(s["move"] for s in successors) == sorted(names_of(n))
        for successor in successors:
            assert successor["state"] == written(*operate(a, b, successor["move"]))
            assert successor["distance"] == tables.distance(at(n), successor["state"])
        distances = [s["distance"] for s in successors]
        assert distances == sorted(distances)


def breadth_first_two() -> dict[str, int]:
    """Every 2x2 board that reaches the goal, with its fewest operations: a
    search from the goal (each operation has its inverse among them)."""
    goal = written([[0, 0], [0, 0]], [[1, 1], [1, 1]])
    found = {goal: 0}
    waiting = deque([goal])
    while waiting:
        board = waiting.popleft()
        for name in names_of(2):
            after = written(*operate(*matrices(board), name))
            if after not in found:
                found[after] = found[board] + 1
                waiting.append(after)
    return found


def test_every_2x2_board_over_http_against_a_search(client: TestClient) -> None:
    reached = breadth_first_two()
    boards = [f"{i:08b}"[:4] + " " + f"{i:08b}"[4:] for i in range(256)]
    body = "".join(f"{board}\n" for board in boards)
    answered = client.post("/api/nine/distances?size=2", content=body).text.splitlines()
    assert answered == [str(reached.get(board, -1)) for board in boards]
    counts = client.post("/api/nine/counts?size=2", content=body).text.splitlines()
    assert [count == "0" for count in counts] == [board not in reached for board in boards]
    stats = client.get("/api/nine/stats?size=2").json()
    assert (stats["states"], stats["solvable"]) == (len(boards), len(reached)) == (256, 70)
    assert stats["max_distance"] == max(reached.values())
    assert stats["histogram"] == [list(reached.values()).count(d) for d in range(max(reached.values()) + 1)]


def test_batches_at_9x9_are_what_the_command_line_answers(client: TestClient, tables_dir: Path) -> None:
    rng = random.Random(99)
    lines = [written(*random_solvable(9, rng)) for _ in range(40)]
    lines[7] = "1" * 81 + " " + "1" * 81  # unsolvable: a class with too many ones
    lines[12] = "101 111"  # a board of another size
    body = "".join(f"{line}\n" for line in lines)
    options = ["--size", "9", "--tables", str(tables_dir)]
    commands = (("distances", ["distances", "nine"], 2), ("batch", ["solve", "nine", "--batch", "--json"], 0))
    for path, command, status in commands:  # distances says on stderr, and by its status, that a line was bad
        http = client.post(f"/api/nine/{path}?size=9", content=body)
        cli = CliRunner().invoke(main, [*command, *options], input=body)
        assert http.status_code == 200 and cli.exit_code == status and http.text == cli.stdout
    for line, answer in zip(lines, client.post("/api/nine/batch?size=9", content=body).text.splitlines(), strict=True):
        answered = json.loads(answer)
        if answered.get("distance") is not None:
            assert solved(*replay(*matrices(line), answered["moves"])) and answered["bound"] == documented_bound(9)


def test_a_batch_of_64x64_lines_is_answered_in_order(client: TestClient, tables: lookup.Tables) -> None:
    """Sixteen 64x64 lines fill a chunk of `batch_chunk_bytes`: the answers come in order all the same."""
    rng = random.Random(64)
    lines = [written(*random_solvable(64, rng)) for _ in range(3)]
    answered = client.post("/api/nine/distances?size=64", content="\n".join(lines)).text.splitlines()
    assert answered == [str(len(tables.solve(at(64), line).moves)) for line in lines]


REFUSED = [
    ("/api/nine/stats?size=9", ["stats", "nine", "--size", "9"], ""),
    ("/api/clocks/stats?hours=12", ["stats", "clocks", "--hours", "12"], ""),
    ("/api/nine/counts?size=9", ["counts", "nine", "--size", "9"], "1 0\n"),
]


@pytest.mark.parametrize(("url", "command", "body"), REFUSED)
def test_what_has_no_table_or_count_is_refused_as_the_command_line_refuses_it(
    client: TestClient, tables_dir: Path, url: str, command: list[str], body: str
) -> None:
    answer = client.post(url, content=body) if body else client.get(url)
    cli = CliRunner().invoke(main, [*command, "--tables", str(tables_dir)], input=body)
    message = answer.json()["error"]
    assert answer.status_code == 400 and cli.exit_code == 2 and cli.output.strip() == f"ninebase: error: {message}"
    assert "\n" not in message and ("without a table" in message or "does not count" in message)


@pytest.mark.parametrize("endpoint", ["random", "solutions"])
def test_a_construction_draws_and_lists_no_optimal_solutions(client: TestClient, endpoint: str) -> None:
    state = written(*random_solvable(9, random.Random(1)))
    answer = client.get(f"/api/nine/{endpoint}", params={"state": state, "size": "9"})
    assert answer.status_code == 400 and answer.json()["error"].startswith("nine does not count its optimal solutions")


def test_counts_of_a_construction_are_refused_before_the_body_is_read(client: TestClient) -> None:
    answer = client.post("/api/nine/counts?size=9", content=b"x\n" * 10)
    assert answer.status_code == 400 and "does not count its optimal solutions" in answer.json()["error"]


def test_the_options_a_puzzle_takes_are_named_when_another_is_given(client: TestClient) -> None:
    cases = {
        "/api/sansu?state=175426839&size=9": "sansu has no option 'size': it takes no rule options",
        "/api/eight?state=123069478&size=9": "eight is played at sizes 3 and 4; at size 9 (the 80-puzzle)",
        "/api/nine?state=1000_1110&sise=2": "nine has no option 'sise': its rule options are size (2 to 64)",
        "/api/clocks/stats?size=3": "clocks has no option 'size': its rule options are hours (4 or 12), backward",
        "/api/nine?state=1000_1110&size=1": "size is '1': give a whole number from 2 to 64",
        "/api/nine?state=1000_1110&size=65": "size is '65': give a whole number from 2 to 64",
        "/api/nine?state=1000_1110&size=2&size=3": "size is given twice",
        "/api/eight?state=123069478&state=123456780": "state is given twice",
        "/api/eight/random?state=123069478&seed=1&seed=2": "seed is given twice",
        "/api/eight/solutions?state=123069478&limit=1&limit=1": "limit is given twice",
        "/api/clocks?state=9_9_12_6_6_6_6_3_6&hours=7": "hours is '7': give 4 or 12",
        "/api/clocks?state=9_9_12_6_6_6_6_3_6&backward=perhaps": "backward is 'perhaps': give true or false",
        "/api/nine/batch?size=x": "size is 'x': give a whole number from 2 to 64",
    }
    for url, said in cases.items():
        answer = client.post(url, content=b"1\n") if "/batch" in url else client.get(url)
        assert answer.status_code == 400 and answer.headers["content-type"] == "application/json", url
        assert answer.json()["error"].startswith(said), (url, answer.json())


OPTION_NAMES = st.sampled_from(["size", "hours", "backward", "way", "limit"]) | st.text(
    string.ascii_letters + "_-", min_size=1, max_size=12
)
OPTION_VALUES = st.text(min_size=0, max_size=80) | st.integers(-(10**6), 10**6).map(str)


@settings(max_examples=300, deadline=None)
@given(
    puzzle=st.sampled_from(["sansu", "clocks", "eight", "nine", "cube"]),
    options=st.lists(st.tuples(OPTION_NAMES, OPTION_VALUES), min_size=1, max_size=3),
)
def test_any_option_is_an_answer_or_one_line_naming_it(client: TestClient, puzzle: str, options: list) -> None:
    answer = client.get(f"/api/{puzzle}/stats", params=options)
    assert answer.status_code in (200, 400, 503), answer.text
    if answer.status_code == 200:  # options this puzzle takes, under which it has a table
        assert puzzle in ("clocks", "nine") and answer.json()["puzzle"] == puzzle
        return
    message = answer.json()["error"]
    assert "\n" not in message and "Traceback" not in message and len(message) < 400
    assert any(name[:64] in message for name, _ in options) or "without a table" in message, message
    for _, value in options:
        assert len(value) <= DEFAULT_SETTINGS.max_quoted_characters or value[:65] not in message


def test_the_etag_names_the_size_and_a_kept_answer_its_own(client: TestClient) -> None:
    three = client.get("/api/nine?state=100000000_111111011")
    also_three = client.get("/api/nine?state=100000000_111111011&size=3")
    two = client.get("/api/nine?state=1000_1110&size=2")
    assert three.headers["etag"] == also_three.headers["etag"] != two.headers["etag"]
    assert three.content == also_three.content
    nine_by_nine = written(*random_solvable(9, random.Random(3))).replace(" ", "_")
    nine = client.get(f"/api/nine?state={nine_by_nine}&size=9")
    assert len({three.headers["etag"], two.headers["etag"], nine.headers["etag"]}) == 3
    again = client.get(f"/api/nine?state={nine_by_nine}&size=9", headers={"If-None-Match": nine.headers["etag"]})
    assert again.status_code == 304
    other = client.get("/api/nine?state=1000_1110&size=2", headers={"If-None-Match": nine.headers["etag"]})
    assert other.status_code == 200 and other.content == two.content


def test_a_64x64_state_is_read_and_longer_input_still_refused(client: TestClient) -> None:
    state = written(*random_solvable(64, random.Random(64)))
    assert len(state) == 8193 <= DEFAULT_SETTINGS.max_state_characters
    drawn = client.get("/api/nine/random", params={"state": state, "size": "64"})  # a construction counts nothing
    assert drawn.status_code == 400 and "does not count" in drawn.json()["error"]
    too_long = client.get("/api/nine", params={"state": "0" * 10_001, "size": "64"})
    assert too_long.status_code == 400 and "at most 10,000 are read" in too_long.json()["error"]
    assert "0" * (DEFAULT_SETTINGS.max_quoted_characters + 1) not in too_long.text
    query = client.get("/api/nine?state=" + "%30" * 6000 + "&size=64")
    assert query.status_code == 414 and "at most 16,384 are read" in query.json()["error"]


def test_a_size_whose_table_is_not_built_is_answered_503_with_the_build_command(
    client: TestClient, tables_dir: Path
) -> None:
    assert not (tables_dir / "nine-4.h5").exists()
    four = "1000000000000000_1111111111111110"
    asked = [client.get(f"/api/nine?state={four}&size=4"), client.get("/api/nine/stats?size=4")]
    for answer in [*asked, client.post("/api/nine/distances?size=4", content=b"1\n")]:
        assert answer.status_code == 503
        message = answer.json()["error"]
        assert "ninebase build --only nine --size 4" in message and str(tables_dir) not in message
    page = client.get("/nine?size=4", headers={"Accept": "text/html"})
    assert page.status_code == 503 and "ninebase build --only nine --size 4" in page.text


def test_the_tables_of_sizes_are_loaded_when_the_server_starts_if_built(tables_dir: Path, tmp_path: Path) -> None:
    """nine-2 is in the session's tables: checked and loaded at start, and part
    of the ETag; without it, its size is answered 503 and the rest as before."""
    with lookup.open_tables(tables_dir) as tables:
        served = check_tables(tables)
    assert sorted(served.absent) == ["eight-4", "nine-4"] and served.served[-1] == "nine with size=2"
    optional = "optional, not built: eight with size=4 and nine with size=4, answered 503"
    assert served.start_lines(tables_dir, "URL")[1].startswith(optional)
    for table in tables_dir.glob("*.h5"):
        if table.name != "nine-2.h5":
            (tmp_path / table.name).write_bytes(table.read_bytes())
    with lookup.open_tables(tmp_path) as tables, TestClient(create_app(tables)) as test_client:
        assert sorted(check_tables(tables).absent) == ["eight-4", "nine-2", "nine-4"]
        assert check_tables(tables).etag != served.etag
        answer = test_client.get("/api/nine?state=1000_1110&size=2")
        assert answer.status_code == 503 and "nine-2.h5" in answer.json()["error"]
        assert test_client.get("/api/nine?state=100000000_111111011").status_code == 200
    assert not (tmp_path / "nine-2.h5").exists()  # a server never builds a table


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=120) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@pytest.mark.slow
def test_a_64x64_probe_through_the_real_server_leaves_it_answering(tables_dir: Path, tmp_path: Path) -> None:
    """An 8 KB request line passes granian; the seconds of constructions run
    beside the event loop, which answers meanwhile. The server says, when it
    starts, which size has no table (nine-4 is not in the session's tables)."""
    state = written(*random_solvable(64, random.Random(6464)))
    port = free_port()
    log = tmp_path / "serve.log"
    with (
        log.open("w") as said,
        started([NINEBASE, "serve", "--tables", str(tables_dir), "--port", str(port)], stderr=said),
    ):
        base = f"http://127.0.0.1:{port}"
        url = f"{base}/api/nine?state={state.replace(' ', '_')}&size=64"
        assert len(url) > 8_200
        with ThreadPoolExecutor(1) as pool:
            probing = pool.submit(get, url)
            time.sleep(0.3)  # the probe is under way: 68 constructions of 64x64 boards, seconds of work
            assert get(f"{base}/health")[0] == 200 and get(f"{base}/api/eight?state=123069478")[0] == 200
            answered_meanwhile = not probing.done()
            status, body = probing.result()
        assert status == 200 and answered_meanwhile
        answer = json.loads(body)
        assert solved(*replay(*matrices(state), answer["moves"])) and answer["bound"] == documented_bound(64)
        for successor in answer["successors"][:4]:
            assert successor["state"] == written(*operate(*matrices(state), successor["move"]))
        status, page = get(f"{base}/nine?state={state.replace(' ', '_')}&size=64", {"Accept": "text/html"})
        assert status == 200 and b'data-replay="' in page
    optional = "ninebase: optional, not built: eight with size=4 and nine with size=4, answered 503 until built; "
    built = " && ".join(f"ninebase build --only {name} --size 4 --tables {tables_dir}" for name in ("eight", "nine"))
    assert log.read_text().splitlines()[1] == optional + f"to add them: {built}, then restart"


@pytest.mark.slow
def test_the_4x4_table_is_served_once_built(tables_dir: Path, tmp_path: Path, tables: lookup.Tables) -> None:
    for table in tables_dir.glob("*.h5"):
        (tmp_path / table.name).write_bytes(table.read_bytes())
    build_tables.build([at(4)], tmp_path)  # 24,010,000 boards: about ten seconds
    port = free_port()
    command = [NINEBASE, "serve", "--tables", str(tmp_path), "--port", str(port)]
    log = tmp_path / "serve.log"
    with log.open("w") as said, started(command, stderr=said), lookup.open_tables(tmp_path) as four:
        base = f"http://127.0.0.1:{port}"
        rng = random.Random(4)
        for _ in range(20):
            a, b = random_solvable(4, rng)
            status, body = get(f"{base}/api/nine?state={written(a, b).replace(' ', '_')}&size=4")
            answer = json.loads(body)
            assert status == 200 and answer == as_json(four.probe(at(4), written(a, b)).to_dict())
            assert solved(*replay(a, b, answer["moves"]))
        stats = json.loads(get(f"{base}/api/nine/stats?size=4")[1])
        assert sum(stats["histogram"]) == stats["solvable"] == 70**4 and stats["max_distance"] == 16
        assert stats["states"] == 2**32  # every board of the size, as at size 3
    assert "serving" in log.read_text() and "nine-4" not in log.read_text()  # no note: every size has its table


def test_a_64x64_refusal_describes_the_state_without_quoting_an_8_kb_example(client: TestClient) -> None:
    board = "".join(random.Random(7).choice("01") for _ in range(64 * 64))
    for query in ("?size=64", f"?size=64&state={board}+{board}0"):
        response = client.get(f"/api/nine{query}")
        error = response.json()["error"]
        assert response.status_code == 400 and len(response.content) < 1000, len(response.content)
        assert error.endswith("A then B, 4096 characters 0/1 each in reading order (size 64: 64 rows of 64), "
                              "separated by a space")  # fmt: skip
    small = client.get("/api/nine?size=3").json()["error"]  # an example that fits is still given
    assert small.endswith("e.g. 100000000 111111011"), small
