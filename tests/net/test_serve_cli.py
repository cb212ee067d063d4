"""`main.py serve`: a mistake in its arguments is one line and exit 2 (no traceback),
a port already in use too; SIGTERM stops it cleanly (exit 0)."""
from __future__ import annotations

import signal
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def serve(*args, timeout=30):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "serve", *args], capture_output=True,
                          text=True, timeout=timeout)


def test_a_bad_port_is_one_line_and_exit_2(tmp_path):
    out = serve("--port", "70000", "--data-dir", str(tmp_path))
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "is not a port" in out.stderr


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = serve("--host", "127.0.0.1", "--port", str(port), "--data-dir", str(tmp_path))
    assert out.returncode == 2 and "cannot listen on" in out.stderr and "Traceback" not in out.stderr


def test_sigterm_stops_the_server_cleanly(tmp_path):
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--host", "127.0.0.1", "--port", "0",
                             "--data-dir", str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert "serving tables" in proc.stdout.readline()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
        assert (tmp_path / "tables.sqlite3").exists()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate()


def test_a_damaged_store_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "tables.sqlite3").write_bytes(b"this is not a database, just some bytes" * 100)
    out = serve("--host", "127.0.0.1", "--port", "0", "--data-dir", str(tmp_path))
    assert out.returncode == 2 and "cannot be used to keep the tables" in out.stderr
    assert "Traceback" not in out.stderr and out.stderr.count("\n") == 1
