"""Installing an instructor's problems: a folder or a zip, validated before anything is copied."""

from __future__ import annotations

import logging
import shutil
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from .bank import ProblemBank, ProblemFileError, parse_problem_file
from .model import Problem

MAX_FILE_BYTES = 1_000_000
log = logging.getLogger(__name__)


@dataclass
class ImportReport:
    installed: list[str] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"installed {name}" for name in self.installed]
        out += [f"rejected {reason}" for reason in self.rejected]
        out.append(f"{len(self.installed)} installed, {len(self.rejected)} rejected")
        return out


def import_problems(
    source: Path,
    target_dir: Path,
    existing: ProblemBank | None = None,
    check: Callable[[Problem], list[str]] | None = None,
) -> ImportReport:
    """Validate every ``*.toml`` in ``source`` (folder or zip) and copy the good ones to ``target_dir``.

    A problem whose id belongs to the built-in bank is rejected; one already in the user's folder is
    replaced (an instructor's new version). ``check`` says what else is wrong with a problem (its
    tests against its own promises, judged by a child that this layer cannot start); a problem with
    anything to say is rejected."""
    report = ImportReport()
    if not source.exists():
        report.rejected.append(f"{source}: no such file or folder")
        return report
    with tempfile.TemporaryDirectory(prefix="codementor-import-") as scratch:
        folder = Path(scratch)
        if source.is_file():
            if not zipfile.is_zipfile(source):
                report.rejected.append(f"{source}: neither a folder nor a zip file")
                return report
            _extract_toml(source, folder, report)
        else:
            folder = source
        for path in sorted(folder.rglob("*.toml")):
            try:
                problem = parse_problem_file(path)
            except ProblemFileError as exc:
                report.rejected.append(f"{path.name}: {exc}")
                continue
            found = check(problem) if check is not None else []
            if found:
                report.rejected.append(f"{path.name}: {'; '.join(found[:3])}")
                continue
            if existing is not None and problem.id in existing:
                owner = existing.sources[problem.id]
                if target_dir not in owner.parents:
                    report.rejected.append(f"{path.name}: id {problem.id!r} belongs to the built-in bank")
                    continue
                owner.unlink(missing_ok=True)
            destination = target_dir / problem.topic.value / f"{problem.id}.toml"
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, destination)
            report.installed.append(f"{problem.id} ({problem.title}) -> {destination}")
    return report


def _extract_toml(archive: Path, folder: Path, report: ImportReport) -> None:
    with zipfile.ZipFile(archive) as bundle:
        for member in bundle.infolist():
            name = PurePosixPath(member.filename).name
            if member.is_dir() or not name.endswith(".toml"):
                continue
            if member.file_size > MAX_FILE_BYTES:
                report.rejected.append(f"{member.filename}: larger than {MAX_FILE_BYTES} bytes")
                continue
            # Only the file name is kept: no path in the archive can point outside the folder.
            (folder / name).write_bytes(bundle.read(member))


def pack_folder(source: Path, scratch: Path) -> Path | None:
    """The folder to load an instructor's problem pack from: ``source`` itself when it is a folder;
    a zip's ``*.toml`` files copied into ``scratch`` (emptied first); None when there is no pack
    there (a shared drive not mounted), which the caller logs. Each file is validated as it loads,
    and a broken one is named in the bank's errors and skipped."""
    if source.is_dir():
        return source
    if not source.is_file() or not zipfile.is_zipfile(source):
        return None
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    report = ImportReport()
    _extract_toml(source, scratch, report)
    for reason in report.rejected:
        log.warning("problem pack %s: %s; skipped", source, reason)
    return scratch
