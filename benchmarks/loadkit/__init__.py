"""The load and abuse harness of `benchmarks/load.py` and tests/test_abuse.py.

Servers and what /proc tells of them: `servers`, `procfs`. Clients: `wrk`
(throughput), `clients` (a raw HTTP/1.1 client that misbehaves on demand),
`probes` (an ordinary client in its own process), and `oracle` (the right
answers, found without the server). Scenarios: `stacks` (every server
stack's rows), `http_batch` (the bulk endpoints), `batch_abuse` (batch
storms and hang-ups), `slow_clients` (slow headers), `drain` (SIGTERM).
Reports: `stack_table`, `abuse`, `report`. Every server listens on
127.0.0.1 only and is stopped by its own PID; every loop is bounded in count
and time.
"""
