"""The service's process operations, beside the web app (`ninebase.lookup.web`):
running it in granian's workers (`server`), what ties the workers to the
main process (`supervision`) and the door a worker keeps open while it
stops (`stopping`). It imports the web app; the web app never imports it.

This package imports nothing itself: `ninebase serve` loads `server` when run.
"""
