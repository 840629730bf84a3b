"""The limits and defaults of the service, in one place (README states each)."""

MAX_STATE_CHARACTERS = 64
"""The longest `state` accepted (the longest compact form is 26 characters)."""
MAX_BATCH_BYTES = 4 * 1024 * 1024
"""The largest batch body accepted: 4 MiB."""
MAX_BATCH_LINES = 100_000
"""The most states one batch may hold."""
BODY_SECONDS = 30.0
"""How long a client may take to send a batch body."""
CACHE_CONTROL = "public, max-age=86400"
CACHED_ANSWERS = 65_536
"""How many probe answers a process keeps ready (they never change for a build)."""
NDJSON = "application/x-ndjson"
BATCHES_RUNNING = 2
"""Batches a process answers at once (one per core): the rest wait their turn."""
BATCHES_WAITING = 16
"""Batches that may wait for a turn; past these, a batch is refused at once with 503."""
BATCH_CHUNK_LINES = 4096
"""Lines answered between two looks at the client: a batch whose client has gone stops within one chunk."""
RETRY_AFTER_SECONDS = 2
SEND_SECONDS = 30.0
"""How long a client may leave one chunk of answers unread before its batch is given up."""
GRACE_SECONDS = 30.0
"""How long requests in flight have after SIGTERM (`ninebase serve --grace`)."""
STOP_QUIET_SECONDS = 0.1
"""After SIGTERM, how long no new connection must come before a worker closes its port (its answers done)."""
STOP_REQUEST_SECONDS = 1.0
"""After SIGTERM, how long a new request may take to arrive (and its 503 to be taken) before it is closed."""
