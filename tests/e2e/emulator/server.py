"""The aiohttp application: routing, fault injection and failure recording.

Why a middleware does the bookkeeping: every request passes through one place,
so unknown routes (a bot calling an endpoint the emulator — and maybe Discord —
does not know), Discord-style errors, injected 429/500 answers and artificial
latency are handled uniformly instead of in each handler.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aiohttp import web

from .ratelimit import exempt_from_global, limited_body
from .rest import ApiError, json_response

if TYPE_CHECKING:
    from .control import Emulator

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class Fault:
    """Answer the next ``count`` matching REST calls with ``status``.

    ``path`` is a regular expression searched in the path after ``/api/v10``
    (e.g. ``r"/channels/\\d+/messages$"``); ``method`` an HTTP verb or None.
    ``status`` 0 means "no error, only delay by ``delay`` seconds".
    """

    status: int
    count: int
    method: str | None = None
    path: str | None = None
    retry_after: float = 0.05
    is_global: bool = False
    delay: float = 0.0
    hits: int = 0

    def matches(self, method: str, path: str) -> bool:
        if self.count <= 0:
            return False
        if self.method is not None and self.method.upper() != method:
            return False
        return self.path is None or re.search(self.path, path) is not None


@dataclass
class RequestRecord:
    """One REST call. ``kind``: ``interaction`` (an answer through the interaction's
    token), ``dm`` / ``channel`` (a message sent, edited or deleted in a DM or a
    server channel), ``dm_open`` (POST /users/@me/channels), ``user`` (GET
    /users/{id}) or ``other``; ``global_limited``: it counts under the global
    limit; ``global_limit``: a 429 of the global limit."""

    method: str
    path: str
    status: int
    at: float
    kind: str = "other"
    global_limited: bool = False
    global_limit: bool = False


_MAJORS = ("channel_id", "guild_id", "token", "interaction_id")


def route_key(request: web.Request, api_path: str) -> str:
    """Discord's bucket key: method, route template and its major parameters."""
    resource = request.match_info.route.resource
    template = resource.canonical if resource is not None else api_path
    template = template[len("/api/v10") :] if template.startswith("/api/v10") else template
    for name in _MAJORS:
        value = request.match_info.get(name)
        if value is not None:
            template = template.replace("{" + name + "}", value)
    return f"{request.method} {template}"


def limited_response(
    retry_after: float, headers: dict[str, str], *, is_global: bool
) -> web.Response:
    hdrs = dict(headers)
    hdrs.update({"Via": "1.1 google", "Retry-After": str(max(1, int(retry_after + 0.999)))})
    if is_global:
        hdrs["X-RateLimit-Global"] = "true"
        hdrs["X-RateLimit-Scope"] = "global"
    else:
        hdrs["X-RateLimit-Scope"] = "user"
    return json_response(limited_body(retry_after, is_global=is_global), status=429, headers=hdrs)


def ratelimited_response(fault: Fault, path: str) -> web.Response:
    """A 429 exactly as Discord's edge sends it (discord.py retries it)."""
    reset = time.time() + fault.retry_after
    headers = {
        "Via": "1.1 google",
        "Retry-After": str(max(1, int(fault.retry_after + 0.999))),
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": f"{reset:.3f}",
        "X-RateLimit-Reset-After": f"{fault.retry_after:.3f}",
        "X-RateLimit-Bucket": "emulator" + str(abs(hash(path)) % 10**8),
        "X-RateLimit-Scope": "global" if fault.is_global else "user",
    }
    if fault.is_global:
        headers["X-RateLimit-Global"] = "true"
    body = {
        "message": "You are being rate limited.",
        "retry_after": fault.retry_after,
        "global": fault.is_global,
        "code": 0,
    }
    return json_response(body, status=429, headers=headers)


def build_app(emu: Emulator) -> web.Application:
    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        path = request.path
        api_path = path[len("/api/v10") :] if path.startswith("/api/v10") else path
        method = request.method
        match_error = getattr(request.match_info, "http_exception", None)
        if match_error is not None:
            emu.record_failure("unknown_route", f"{method} {path}")
            emu.record_request(method, path, 404)
            return json_response({"message": "404: Not Found", "code": 0}, status=404)
        if path.startswith("/api/"):
            if emu.latency:
                await asyncio.sleep(emu.latency)
            fault = next((f for f in emu.faults if f.matches(method, api_path)), None)
            if fault is not None:
                fault.count -= 1
                fault.hits += 1
                if fault.delay:
                    await asyncio.sleep(fault.delay)
                if fault.status == 429:
                    emu.record_request(method, path, 429)
                    return ratelimited_response(fault, api_path)
                if fault.status >= 400:
                    emu.record_request(method, path, fault.status)
                    return json_response(
                        {"message": "500: Internal Server Error", "code": 0}, status=fault.status
                    )
            needs_auth = not exempt_from_global(api_path)
            if needs_auth and request.headers.get("Authorization") != f"Bot {emu.token}":
                emu.record_request(method, path, 401)
                return json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        limit_headers: dict[str, str] = {}
        now: float | None = None
        if path.startswith("/api/"):
            now = emu.loop_time()
            if not exempt_from_global(api_path):
                wait = emu.rate_limits.global_wait(now)
                if wait > 0:
                    emu.record_request(method, path, 429, global_limit=True, at=now)
                    return limited_response(wait, {}, is_global=True)
            wait, limit_headers = emu.rate_limits.take(route_key(request, api_path), now)
            if wait > 0:
                emu.record_request(method, path, 429, at=now)
                return limited_response(wait, limit_headers, is_global=False)
        try:
            response = await handler(request)
        except ApiError as exc:
            if exc.failure:
                detail = exc.message
                if exc.errors:
                    detail += f" {exc.errors}"
                emu.record_failure(exc.failure, f"{method} {api_path}: {exc.code} {detail}")
            emu.record_request(method, path, exc.status, at=now)
            return json_response(exc.body(), status=exc.status, headers=limit_headers)
        response.headers.update(limit_headers)
        emu.record_request(method, path, response.status, at=now)
        return response

    app = web.Application(middlewares=[middleware], client_max_size=64 * 1024 * 1024)
    app.add_routes(emu.rest.routes())
    app.router.add_get("/gateway", emu.gateway.handle)
    app.router.add_get("/gateway-resume", emu.gateway.handle)
    return app
