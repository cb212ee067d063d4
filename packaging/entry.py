"""The frozen program's entry point (PyInstaller runs this as __main__).

Same as `python main.py`, plus what a frozen program needs: multiprocessing's
freeze_support (for `simulate --jobs` on Windows/macOS), no pygame banner, output
that never fails on a console without UTF-8, and data-file errors printed as
`file:line: path: message` lines instead of a traceback.
"""
import multiprocessing
import os
import sys


def _main() -> int:
    multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="replace")
            except (ValueError, OSError):
                pass
    from game.cli import guarded_main
    return guarded_main()


if __name__ == "__main__":
    sys.exit(_main())
