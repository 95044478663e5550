"""The application log (rotating, in the log folder) and the handler for uncaught exceptions:
they are logged, and the person is told where the log is instead of the app vanishing."""

from __future__ import annotations

import logging
import logging.handlers
import sys
import threading
from collections.abc import Callable
from pathlib import Path

Notifier = Callable[[str], None]
_FORMAT = "%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"


def setup_logging(log_file: Path, level: int = logging.INFO) -> logging.Handler:
    """Send the app's log records to a rotating file; returns the handler."""
    log_file.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(log_file, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
    handler.setFormatter(logging.Formatter(_FORMAT))
    root = logging.getLogger()
    root.setLevel(level)
    for old in [h for h in root.handlers if getattr(h, "_codementor", False)]:
        root.removeHandler(old)
        old.close()
    handler._codementor = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    return handler


def crash_message(exc_type: type[BaseException], exc: BaseException, log_file: Path) -> str:
    return (
        f"CodeMentor met an unexpected error ({exc_type.__name__}: {exc}). Your work is saved. "
        f"The details are in the log: {log_file}"
    )


def install_crash_handler(log_file: Path, notify: Notifier | None = None) -> None:
    """Log every uncaught exception (main and worker threads) and tell the person where the log is."""
    logger = logging.getLogger("codementor.crash")

    def tell(text: str) -> None:
        if notify is not None:
            try:
                notify(text)
                return
            except Exception:  # noqa: BLE001 - the notifier itself must not hide the first error
                logger.exception("could not show the crash message")
        print(text, file=sys.stderr)

    def on_exception(exc_type, exc, tb) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        logger.critical("uncaught exception", exc_info=(exc_type, exc, tb))
        tell(crash_message(exc_type, exc, log_file))

    def on_thread_exception(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:
            return
        on_exception(args.exc_type, args.exc_value, args.exc_traceback)

    sys.excepthook = on_exception
    threading.excepthook = on_thread_exception
