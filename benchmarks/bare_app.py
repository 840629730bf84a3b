"""The bare Starlette endpoint `benchmarks/load.py` measures every server
stack with: one route answering a small constant JSON object, nothing else
(no middleware, no tables). It is the ceiling any endpoint of this app can
reach on a given server stack."""

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route


async def constant(request: Request) -> JSONResponse:
    return JSONResponse({"status": "ok", "distance": 5})


app = Starlette(routes=[Route("/constant", constant)])
