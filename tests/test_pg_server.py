"""The throwaway PostgreSQL server the tests of both storage engines run on."""

from __future__ import annotations

import asyncpg
import pytest


@pytest.mark.asyncio
async def test_the_tests_postgres_server_answers(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    try:
        assert await conn.fetchval("SELECT 40 + 2") == 42
        assert (await conn.fetchval("SHOW server_version")).startswith("15")
    finally:
        await conn.close()
