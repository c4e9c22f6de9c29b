"""Start-up failures a host can cause end with one line and a non-zero exit.

Each test runs ``bot.py`` in a child process, as a host does, with discord.py's
REST address (``discord.http.Route.BASE``) pointed at a local address: a closed
port (no network), or a small server that refuses the token. Nothing reaches
Discord and nothing depends on the end-to-end emulator. The child runs a copy
of ``bot.py`` in a folder of the test's (its imports come from the checkout),
so a host's ``.env`` and ``var/`` beside the real one are never read.
"""

from __future__ import annotations

import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import bot

ROOT = Path(__file__).resolve().parents[2]

# Point discord.py at BASE (when given), then run the script as ``python SCRIPT``.
WRAPPER = """
import runpy, sys
import discord.http
if sys.argv[1]:
    discord.http.Route.BASE = sys.argv[1]
sys.argv = sys.argv[2:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(
    cwd: Path, env: dict[str, str], base: str = "", script: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``script`` (default: a copy of ``bot.py`` in ``cwd/project``) with
    only the bot variables in ``env``."""
    script = script or _project_copy(cwd)
    child_env = {k: v for k, v in os.environ.items() if k not in bot.VARIABLES}
    child_env["PYTHONPATH"] = str(ROOT)
    child_env.update(env)
    return subprocess.run(
        [sys.executable, "-c", WRAPPER, base, str(script)],
        cwd=cwd,
        env=child_env,
        capture_output=True,
        text=True,
        timeout=90,
    )


def _one_error_line(proc: subprocess.CompletedProcess[str]) -> str:
    """The run's single complaint; fails on a traceback or on more lines."""
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output, output
    lines = [line for line in output.splitlines() if "ERROR" in line or "error:" in line]
    assert len(lines) == 1, output
    assert "WARNING" not in output, output  # the voice warnings are silenced too
    return lines[0]


@pytest.fixture
def unreachable() -> str:
    return f"http://127.0.0.1:{_closed_port()}/api/v10"


@pytest.fixture
def refusing_server() -> Iterator[str]:
    """A local 'Discord' that answers 401 Unauthorized to everything."""

    class Refuse(http.server.BaseHTTPRequestHandler):
        def _refuse(self) -> None:
            body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
            self.send_response(401)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = do_PUT = _refuse

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    finally:
        server.shutdown()
        server.server_close()


def test_no_network_is_one_line_not_a_traceback(tmp_path: Path, unreachable: str) -> None:
    env = {"DISCORD_TOKEN": "not-a-real-token", "DATABASE_PATH": str(tmp_path / "db.sqlite3")}
    proc = _start(tmp_path, env, unreachable)
    assert proc.returncode == 1
    line = _one_error_line(proc)
    assert "Cannot reach Discord" in line and "check the network" in line
    assert "not-a-real-token" not in proc.stdout + proc.stderr


def test_a_name_that_does_not_resolve_is_one_line(tmp_path: Path) -> None:
    # the reported ClientConnectorDNSError; .invalid never resolves (RFC 2606)
    env = {"DISCORD_TOKEN": "x", "DATABASE_PATH": str(tmp_path / "db.sqlite3")}
    proc = _start(tmp_path, env, "http://discord.invalid/api/v10")
    assert proc.returncode == 1
    assert "Cannot reach Discord" in _one_error_line(proc)


def test_a_refused_token_is_one_line(tmp_path: Path, refusing_server: str) -> None:
    env = {"DISCORD_TOKEN": "revoked-token", "DATABASE_PATH": str(tmp_path / "db.sqlite3")}
    proc = _start(tmp_path, env, refusing_server)
    assert proc.returncode == 1
    line = _one_error_line(proc)
    assert "refused the token" in line and "Reset Token" in line
    assert "revoked-token" not in proc.stdout + proc.stderr


def test_a_damaged_database_is_reported_before_connecting(tmp_path: Path, unreachable: str) -> None:
    db = tmp_path / "db.sqlite3"
    db.write_bytes(b"these are not the pages of a SQLite file\n" * 200)
    proc = _start(tmp_path, {"DISCORD_TOKEN": "x", "DATABASE_PATH": str(db)}, unreachable)
    assert proc.returncode == 1
    line = _one_error_line(proc)
    assert "not a readable SQLite database" in line and "backup" in line
    assert db.read_bytes().startswith(b"these are not")  # never reset


def test_a_database_folder_that_cannot_be_made_is_one_line(
    tmp_path: Path, unreachable: str
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("a file where the folder should be")
    env = {"DISCORD_TOKEN": "x", "DATABASE_PATH": str(blocker / "var" / "db.sqlite3")}
    proc = _start(tmp_path, env, unreachable)
    assert proc.returncode == 1
    line = _one_error_line(proc)
    assert "Cannot create the folder" in line and "DATABASE_PATH" in line


def test_an_unreachable_postgresql_is_one_line(tmp_path: Path, unreachable: str) -> None:
    url = f"postgresql://cardtable:hunter2@127.0.0.1:{_closed_port()}/cardtable"
    proc = _start(tmp_path, {"DISCORD_TOKEN": "x", "DATABASE_URL": url}, unreachable)
    assert proc.returncode == 1
    line = _one_error_line(proc)
    assert "PostgreSQL database" in line and "could not be reached" in line
    assert "DATABASE_URL" in line
    assert "hunter2" not in proc.stdout + proc.stderr


def test_a_postgresql_refusing_the_login_is_one_line(
    tmp_path: Path, unreachable: str, postgres_url: str
) -> None:
    stranger = postgres_url.replace("cardtable@", "not_a_user:hunter2@")
    proc = _start(tmp_path, {"DISCORD_TOKEN": "x", "DATABASE_URL": stranger}, unreachable)
    assert proc.returncode == 1
    line = _one_error_line(proc)
    assert "refused the login" in line and "user and password in DATABASE_URL" in line
    assert "hunter2" not in proc.stdout + proc.stderr


def test_database_url_names_a_sqlite_file_or_a_postgresql_database(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    relative = bot.load_settings(
        {"DISCORD_TOKEN": "x", "DATABASE_URL": "sqlite:///var/other.sqlite3"}, dotenv_path=env_file
    )
    assert relative.database_path == tmp_path / "var" / "other.sqlite3"
    assert relative.database_url is None
    absolute = bot.load_settings(
        {"DISCORD_TOKEN": "x", "DATABASE_URL": f"sqlite:///{tmp_path}/abs.sqlite3"},
        dotenv_path=env_file,
    )
    assert absolute.database_path == tmp_path / "abs.sqlite3"
    url = "postgresql://bot:secret@db.example:5432/cardtable"
    shared = bot.load_settings({"DISCORD_TOKEN": "x", "DATABASE_URL": url}, dotenv_path=env_file)
    assert shared.database_url == url and "secret" not in repr(shared)
    with pytest.raises(bot.ConfigError, match="DATABASE_URL") as bad:
        bot.load_settings(
            {"DISCORD_TOKEN": "x", "DATABASE_URL": "mysql://bot:secret@db/cardtable"},
            dotenv_path=env_file,
        )
    assert "secret" not in str(bad.value)
    with pytest.raises(bot.ConfigError, match="not both"):
        bot.load_settings(
            {"DISCORD_TOKEN": "x", "DATABASE_URL": url, "DATABASE_PATH": "var/x.sqlite3"},
            dotenv_path=env_file,
        )


def _project_copy(tmp_path: Path) -> Path:
    """bot.py in a folder of its own (its imports come from PYTHONPATH), so
    the test can give it a .env without touching the real checkout's."""
    project = tmp_path / "project"
    project.mkdir(exist_ok=True)
    shutil.copy(ROOT / "bot.py", project / "bot.py")
    return project / "bot.py"


def test_without_a_token_it_says_which_env_file_it_read(tmp_path: Path) -> None:
    script = _project_copy(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    proc = _start(elsewhere, {}, script=script)
    assert proc.returncode == 2
    line = _one_error_line(proc)
    assert f"there is no {script.parent / '.env'}" in line
    (script.parent / ".env").write_text("LOG_LEVEL=INFO\n")
    proc = _start(elsewhere, {}, script=script)
    assert proc.returncode == 2
    assert f"{script.parent / '.env'} has no DISCORD_TOKEN line" in _one_error_line(proc)


def test_an_empty_token_in_the_env_file_is_called_empty(tmp_path: Path) -> None:
    script = _project_copy(tmp_path)
    env_file = script.parent / ".env"
    env_file.write_text("DISCORD_TOKEN=\nLOG_LEVEL=INFO\n")
    proc = _start(tmp_path, {"DISCORD_TOKEN": ""}, script=script)
    assert proc.returncode == 2
    line = _one_error_line(proc)
    assert f"DISCORD_TOKEN is empty in {env_file}" in line and "paste" in line
    assert "there is no" not in line and ".env.example" not in line


def test_started_from_another_folder_it_reads_the_env_beside_bot_py(
    tmp_path: Path, unreachable: str
) -> None:
    script = _project_copy(tmp_path)
    (script.parent / ".env").write_text(
        "DISCORD_TOKEN=from-the-file\nDATABASE_PATH=var/bot.sqlite3\n"
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    proc = _start(elsewhere, {}, unreachable, script=script)
    assert proc.returncode == 1
    assert "Cannot reach Discord" in _one_error_line(proc)  # it had a token
    # the relative database path is the project's, not the current folder's
    assert (script.parent / "var" / "bot.sqlite3").is_file()
    assert not (elsewhere / "var").exists()


def test_the_environment_wins_over_the_env_file(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nDATABASE_PATH=var/a.sqlite3\n")
    s = bot.load_settings({"DISCORD_TOKEN": "from-env", "DATABASE_PATH": ""}, dotenv_path=env_file)
    assert s.token == "from-env"
    # an empty variable does not hide the file's value
    assert s.database_path == tmp_path / "var" / "a.sqlite3"
    absolute = tmp_path / "elsewhere.sqlite3"
    s = bot.load_settings({"DATABASE_PATH": str(absolute)}, dotenv_path=env_file)
    assert s.database_path == absolute


def test_the_default_env_file_is_the_one_beside_bot_py(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the folder of bot.py, moved to an empty one: a host's real .env stays out of it
    monkeypatch.setattr(bot, "HERE", tmp_path)
    with pytest.raises(bot.ConfigError) as missing:
        bot.load_settings({})
    assert str(tmp_path / ".env") in str(missing.value)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=beside-bot-py\n")
    assert bot.load_settings({}).token == "beside-bot-py"


def test_tests_never_see_the_hosts_configuration() -> None:
    # tests/conftest.py: whatever the host put in the checkout's .env or the
    # environment of the test run, the bot in a test finds no configuration
    assert not any(os.environ.get(name) for name in bot.VARIABLES)
    with pytest.raises(bot.ConfigError) as missing:
        bot.load_settings()
    assert str(ROOT) not in str(missing.value)


def _make(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"")
    return path


def test_the_default_database_is_named_for_the_card_table(tmp_path: Path) -> None:
    s = bot.load_settings({"DISCORD_TOKEN": "x"}, dotenv_path=tmp_path / ".env")
    assert s.database_path == tmp_path / "var" / "cardtable.sqlite3"
    assert s.notes == ()


def test_a_host_upgrading_keeps_the_old_default_file_where_it_is(tmp_path: Path) -> None:
    old = _make(tmp_path / "var" / "president.sqlite3")
    s = bot.load_settings({"DISCORD_TOKEN": "x"}, dotenv_path=tmp_path / ".env")
    assert s.database_path == old
    (note,) = s.notes
    assert str(old) in note and "cardtable.sqlite3" in note and "DATABASE_PATH" in note
    assert old.is_file() and not (tmp_path / "var" / "cardtable.sqlite3").exists()
    # the file the host chose wins, and so does the new default once it exists
    chosen = {"DISCORD_TOKEN": "x", "DATABASE_PATH": "var/mine.sqlite3"}
    s = bot.load_settings(chosen, dotenv_path=tmp_path / ".env")
    assert s.database_path == tmp_path / "var" / "mine.sqlite3" and s.notes == ()
    new = _make(tmp_path / "var" / "cardtable.sqlite3")
    s = bot.load_settings({"DISCORD_TOKEN": "x"}, dotenv_path=tmp_path / ".env")
    assert s.database_path == new and s.notes == ()


def test_the_example_env_file_filled_in_gives_the_defaults(tmp_path: Path) -> None:
    example = (ROOT / ".env.example").read_text()
    assert "\nDISCORD_TOKEN=\n" in example
    env_file = tmp_path / ".env"
    env_file.write_text(example.replace("\nDISCORD_TOKEN=\n", "\nDISCORD_TOKEN=pasted\n"))
    s = bot.load_settings({}, dotenv_path=env_file)
    assert s.token == "pasted" and s.log_level == "INFO" and s.dev_guild_id is None
    assert s.database_path == tmp_path / "var" / "cardtable.sqlite3"
    # a host who copies it afresh when upgrading still finds the old default file
    old = _make(tmp_path / "var" / "president.sqlite3")
    assert bot.load_settings({}, dotenv_path=env_file).database_path == old


def test_voice_warnings_are_silenced() -> None:
    import discord

    bot.quiet_voice_warnings()
    assert discord.VoiceClient.warn_nacl is False
    assert discord.VoiceClient.warn_dave is False


def test_the_request_budget_is_set_below_discords_global_limit(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    assert bot.load_settings({"DISCORD_TOKEN": "x"}, dotenv_path=env).requests_per_second < 50
    s = bot.load_settings({"DISCORD_TOKEN": "x", "REQUESTS_PER_SECOND": "20"}, dotenv_path=env)
    assert s.requests_per_second == 20
    for wrong in ("fast", "0", "51"):
        with pytest.raises(bot.ConfigError, match="REQUESTS_PER_SECOND"):
            bot.load_settings({"DISCORD_TOKEN": "x", "REQUESTS_PER_SECOND": wrong}, dotenv_path=env)
