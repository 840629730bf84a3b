"""Input read in chunks as it arrives, answers written as they are ready:
line breaks are \\n and \\r\\n only, an answer comes before the input ends,
and `judge` prints byte for byte what reading the whole input printed."""

from __future__ import annotations

import io
import json
import os
import random
import select
import subprocess
import sys
import threading
import time
import tracemalloc
from itertools import accumulate
from pathlib import Path

import pytest
from click.testing import CliRunner

from ninebase import lookup, puzzles
from ninebase.lookup import bulk, stream
from ninebase.lookup.cli import main
from ninebase.lookup.stream import Lines

NINEBASE = str(Path(sys.executable).parent / "ninebase")
SEED_INPUTS = {
    "sansu": "1 7 5\n4 2 6\n8 3 9\n",
    "clocks": "9 9 12\n6 6 6\n6 3 6\n",
    "eight": "1 2 3\n0 6 9\n4 7 8\n",
    "nine": "100\n000\n000\n111\n111\n011\n",
    "cube": (
        "1 2\nW W W\nE W W\nW W W\n2 1\nR B W\nR W W\nE W W\n3 3\nW B W\nB R E\nR B R\n"
        "3 3\nB W R\nB W R\nB E R\n2 1\nB B B\nB R B\nB R E\n1 1\nR R R\nW W W\nR R E\n"
        "2 1\nR R R\nB W B\nR R E\n0 0\n"
    ),
}
"""The seeds' sample inputs (the cube's is the contest sample)."""
SEED_OUTPUTS = {
    "sansu": "5\n6 1 5\n4 2 9\n8 3 7\n",
    "clocks": "4 5 8 9\n",
    "eight": "5\nDRRUL\n",
    "nine": "5\nC1\nAR\nC1\nAL\nC1\n",
    "cube": "0\n3\n13\n23\n29\n30\n-1\n",
}
"""What `judge` printed for them before it streamed (commit fec45f8, the whole input read first)."""


def texts(lines: Lines) -> list[bytes]:
    return [lines.raw(position) for position in range(len(lines))]


def test_lines_end_at_newline_and_crlf_only() -> None:
    data = "a\x0cb\r\nc\x1c\x1d\x1ed\n\x85e\u2028f\u2029\nlone\rcr\nlast\r".encode()
    lines = Lines(data, first=7)
    assert texts(lines) == [b"a\x0cb", b"c\x1c\x1d\x1ed", "\x85e\u2028f\u2029".encode(), b"lone\rcr", b"last\r"]
    assert len(Lines(b"")) == 0 and texts(Lines(b"\n\r\n")) == [b"", b""]


def test_chunks_keep_order_numbers_and_offsets() -> None:
    data = b"".join(b"%d\r\n" % number if number % 3 else b"%d\n" % number for number in range(1, 101)) + b"101"
    chunks = list(stream.chunks(io.BytesIO(data), lines=7))
    assert [len(chunk) for chunk in chunks] == [7] * 14 + [3]
    assert [chunk.first for chunk in chunks] == list(range(1, 102, 7))
    assert b"".join(chunk.data for chunk in chunks) == data
    assert all(data[chunk.offset :].startswith(chunk.data) for chunk in chunks)
    assert [line for chunk in chunks for line in texts(chunk)] == [b"%d" % number for number in range(1, 102)]


class Trickle:
    """An input given a few bytes a read, as a pipe gives it (64 KiB a read), that
    sums the memory the reader allocates from one read to the next beyond what
    it held: adding each read to one buffer allocates the whole buffer again."""

    def __init__(self, data: bytes, piece: int) -> None:
        self.data, self.piece, self.at, self.held, self.churned = data, piece, 0, 0, 0

    def read1(self, size: int) -> bytes:
        self.settle()
        given = self.data[self.at : self.at + min(size, self.piece)]
        self.at += len(given)
        tracemalloc.reset_peak()
        self.held = tracemalloc.get_traced_memory()[0]
        return given

    read = read1

    def settle(self) -> None:
        """Add what was allocated since the last read."""
        self.churned += tracemalloc.get_traced_memory()[1] - self.held


@pytest.mark.parametrize(
    ("data", "lines"),
    [
        (b"\0" * (1 << 20), 7),  # one huge line
        (b"123456780\r" * 100_000 + b"\n123456780\n", 7),  # lines ending in CR only: one line of 1 MB
        (b"".join(b"%d\n" % number for number in range(150_000)), 65_536),  # many lines
        (b"1\n" + b"x" * 600_000 + b"\n" + b"22\n" * 200_000, 1_000),  # lines, a huge one, lines
    ],
    ids=["one-line", "cr-only", "many-lines", "mixed"],
)
def test_chunks_read_a_trickle_in_linear_memory_traffic_with_the_same_lines(data: bytes, lines: int) -> None:
    source = Trickle(data, 4096)
    tracemalloc.start()
    try:
        cut = [(chunk.first, len(chunk), chunk.offset, chunk.data) for chunk in stream.chunks(source, lines=lines)]
        source.settle()
    finally:
        tracemalloc.stop()
    whole = Lines(data)
    assert b"".join(piece for _, _, _, piece in cut) == data
    assert [first for first, _, _, _ in cut] == [
        1 + sum(count for _, count, _, _ in cut[:at]) for at in range(len(cut))
    ]
    assert all(data[offset:].startswith(piece) and count <= lines for _, count, offset, piece in cut)
    assert [line for *_, piece in cut for line in texts(Lines(piece))] == texts(whole)
    # 256 to 586 reads: rebuilding the buffer at each allocated about 150 times the input, reading it in pieces about 6
    assert source.churned < 12 * len(data)


def test_chunks_of_long_lines_stop_at_whole_lines_past_chunk_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stream, "CHUNK_BYTES", 10_000)
    data = b"".join(b"%d" % number * 300 + b"\n" for number in range(100)) + b"9" * 50_000
    cut = list(stream.chunks(Trickle(data, 4096)))
    assert b"".join(chunk.data for chunk in cut) == data
    assert all(chunk.data.endswith(b"\n") and len(chunk.data) < 10_000 + 4096 for chunk in cut[:-1])
    assert len(cut[-1]) == 1 and cut[-1].data.endswith(b"9" * 50_000)  # the long last line whole, alone


@pytest.mark.parametrize("piece", [1, 7, 4096, 70_000])
def test_chunks_of_a_pipe_fed_in_pieces_keep_lines_and_numbers(piece: int) -> None:
    rng = random.Random(piece)
    data = b"".join(bytes(rng.choice(b"ab\r\n") for _ in range(rng.randrange(200))) for _ in range(300))
    data += b"x" * 300_000 + b"\r\n" + b"y\r" * 1_000
    read_end, write_end = os.pipe()

    def produce() -> None:
        for start in range(0, len(data), piece):
            os.write(write_end, data[start : start + piece])
        os.close(write_end)

    threading.Thread(target=produce, daemon=True).start()
    with os.fdopen(read_end, "rb", buffering=0) as source:
        cut = list(stream.chunks(source, lines=5))
    assert b"".join(chunk.data for chunk in cut) == data
    assert [chunk.first for chunk in cut] == list(accumulate((len(chunk) for chunk in cut[:-1]), initial=1))
    assert [line for chunk in cut for line in texts(chunk)] == texts(Lines(data))


@pytest.mark.slow
def test_a_slow_input_is_answered_with_what_arrived_within_the_wait() -> None:
    read_end, write_end = os.pipe()

    def produce() -> None:
        os.write(write_end, b"one\ntwo\nthr")
        time.sleep(1.5)
        os.write(write_end, b"ee\nfour\n")
        os.close(write_end)

    threading.Thread(target=produce, daemon=True).start()
    started = time.monotonic()
    with os.fdopen(read_end, "rb", buffering=0) as source:
        arrivals = [(time.monotonic() - started, texts(chunk)) for chunk in stream.chunks(source, seconds=0.2)]
    assert [lines for _, lines in arrivals] == [[b"one", b"two"], [b"three", b"four"]]
    assert arrivals[0][0] < 1.0 <= arrivals[1][0]


def test_answers_keep_their_order_and_an_error_reaches_the_caller() -> None:
    data = b"".join(b"%d\n" % number for number in range(1000))
    rng = random.Random(4)

    def answer(lines: Lines) -> bytes:
        time.sleep(rng.random() / 200)
        return lines.data

    assert b"".join(stream.answered(stream.chunks(io.BytesIO(data), lines=7), answer)) == data

    def damaged(lines: Lines) -> bytes:
        if lines.first > 500:
            raise lookup.TableError("damaged")
        return lines.data

    printed = []
    with pytest.raises(lookup.TableError, match="damaged"):
        for answer_bytes in stream.answered(stream.chunks(io.BytesIO(data), lines=7), damaged):
            printed.append(answer_bytes)
    assert b"".join(printed) == b"".join(b"%d\n" % number for number in range(504))  # lines 1..504: 72 chunks


def wait_for_line(process: subprocess.Popen, seconds: float = 30.0) -> bytes:
    """One line of the process's output, failing if none comes in time."""
    ready, _, _ = select.select([process.stdout], [], [], seconds)
    assert ready, "no answer before the input ended"
    return process.stdout.readline()


@pytest.mark.parametrize(
    ("args", "first", "second", "answer"),
    [
        (["solve", "eight", "--batch"], b"123069478\n", b"123456780\n", b'"distance":5'),
        (["distances", "eight"], b"123069478\n", b"123456780\n", b"5\n"),
        (["probe", "nine", "--batch"], b"100000000 111111011\n", b"x\n", b'"successors"'),
        (["judge", "cube"], b"2 1\nR B W\nR W W\nE W W\n", b"0 0\n", b"3\n"),
    ],
)
@pytest.mark.slow
def test_the_first_answer_comes_before_the_input_ends(
    tables_dir: Path, args: list[str], first: bytes, second: bytes, answer: bytes
) -> None:
    process = subprocess.Popen(
        [NINEBASE, *args, "--tables", str(tables_dir)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    try:
        process.stdin.write(first)
        process.stdin.flush()
        assert answer in wait_for_line(process)  # stdin is still open
        process.stdin.write(second)
        process.stdin.close()
        assert process.wait(timeout=30) == 0
    finally:
        process.kill()
        process.wait()
        process.stdout.close()


def judge_whole(tables: lookup.Tables, name: str, text: str) -> str:
    """The judge as it was: the whole input read, then answered."""
    puzzle = puzzles.get(name)
    return puzzle.formats.judge(tables.table(name), puzzle.formats.read(text))


@pytest.mark.slow
@pytest.mark.parametrize("name", [name for name in puzzles.names() if puzzles.get(name).formats is not None])
def test_judge_prints_what_it_printed_for_the_seed_examples(tables_dir: Path, tables: lookup.Tables, name: str) -> None:
    for text in (SEED_INPUTS[name], SEED_INPUTS[name].replace("\n", "\r\n")):
        done = subprocess.run(
            [NINEBASE, "judge", name, "--tables", str(tables_dir)], input=text.encode(), capture_output=True, check=True
        )
        assert done.stdout == SEED_OUTPUTS[name].encode() == judge_whole(tables, name, text).encode()


def cube_input(count: int, rng: random.Random) -> str:
    """Datasets as people write them: odd spacing, blank lines, CRLF."""
    parts = []
    for _ in range(count):
        pattern = [rng.choice("WBR") for _ in range(9)]
        pattern[rng.randrange(9)] = "E"
        gap = rng.choice([" ", " ", " ", "  ", "\t"])
        rows = [gap.join(pattern[row : row + 3]) for row in (0, 3, 6)]
        newline = rng.choice(["\n"] * 5 + ["\r\n", "\n\n"])
        parts.append(newline.join([f"{rng.randint(1, 3)} {rng.randint(1, 3)}", *rows]) + newline)
    return "".join(parts)


@pytest.mark.slow
@pytest.mark.parametrize("lines", [1, 5, 7, 65_536])
def test_judge_cube_in_chunks_prints_what_the_whole_input_printed(tables: lookup.Tables, lines: int) -> None:
    rng = random.Random(lines)
    text = cube_input(3000, rng) + "0 0\nanything after the end\n"
    chunks = stream.chunks(io.BytesIO(text.encode()), lines=lines)
    printed = "".join(bulk.judge(puzzles.get("cube"), lambda: tables.table("cube"), chunks))
    assert printed == judge_whole(tables, "cube", text)


@pytest.mark.parametrize(
    "tail",
    [
        b"2 2\nW W W\nW E W\nW W W X\n0 0\n",
        b"4 1\nW W W\nW E W\nW W W\n",
        b"1 1\nW W\n",
        b"1 1\nW W W\nW E W\n",
        b"1 1\nW W W\nW E\n",
        b"\xff\n",
    ],
)
def test_judge_cube_reports_a_bad_dataset_as_reading_it_whole_did(tables_dir: Path, tail: bytes) -> None:
    data = SEED_INPUTS["cube"].replace("0 0\n", "").encode() + tail
    try:
        puzzles.get("cube").formats.read(data.decode())
    except UnicodeDecodeError as error:
        expected = f"standard input is not UTF-8 text (byte {error.start + 1})"
    except puzzles.InputError as error:
        expected = str(error)
    result = CliRunner().invoke(main, ["judge", "cube", "--tables", str(tables_dir)], input=data)
    assert result.exit_code == 2 and result.stderr == f"ninebase: error: {expected}\n"
    assert result.stdout == "0\n3\n13\n23\n29\n30\n-1\n"  # the datasets before it were answered


def test_distances_marks_bad_lines_in_place_and_exits_2(tables_dir: Path) -> None:
    result = CliRunner().invoke(
        main, ["distances", "eight", "--tables", str(tables_dir)], input="123069478\nnope\n123456870\n\n"
    )
    assert result.exit_code == 2
    assert result.stdout.split("\n") == [
        "5",
        "error: line 2: expected 9 digits, found 4 characters",
        "-1",
        "error: line 4: expected 9 digits, found 0 characters",
        "",
    ]
    assert result.stderr.count("\n") == 1 and "2 of 4 lines could not be read" in result.stderr


@pytest.mark.parametrize(
    ("args", "huge"),
    [
        (["distances", "eight"], b"\0" * (16 << 20)),
        (["solve", "eight", "--batch"], b"\0" * (16 << 20)),
        (["distances", "eight"], b"123456780\r" * (1 << 20)),  # CR ends no line: one line of 10 MB
    ],
    ids=["distances", "solve", "cr-only"],
)
def test_a_huge_bad_line_through_a_pipe_gets_its_line_number(tables_dir: Path, args: list[str], huge: bytes) -> None:
    """16 MB (four chunks' bytes, 256 pipe reads) on line 2 of 3, between good lines."""
    with pytest.raises(puzzles.InputError) as refused:
        puzzles.get("eight").board(huge.decode())
    done = subprocess.run(
        [NINEBASE, *args, "--tables", str(tables_dir)],
        input=b"123456780\n" + huge + b"\n123456708\n",
        capture_output=True,
        timeout=120,
    )
    printed = done.stdout.decode().splitlines()
    assert len(printed) == 3 and done.stderr.count(b"\n") <= 1 and b"Traceback" not in done.stderr
    if args[0] == "distances":
        assert printed[1] == f"error: line 2: {refused.value}" and done.returncode == 2
        assert done.stderr.decode() == (
            "ninebase: error: 1 of 3 lines could not be read; each has a line 'error: line N: ...' in place of its"
            f" distance (the first: line 2: {refused.value})\n"
        )
    else:
        wrong = json.loads(printed[1])
        assert (wrong["line"], wrong["error"], done.returncode, done.stderr) == (2, str(refused.value), 0, b"")
        assert len(wrong["input"]) < 1000  # quoted in part
