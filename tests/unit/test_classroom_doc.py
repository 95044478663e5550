"""docs/classroom.md cannot drift from the program: every ``codementor ...`` command line it shows
parses, each distinct subcommand it names (in a command line or in prose) answers ``--help``, and
each option it uses is in that help."""

import argparse
import re
import shlex
import subprocess
import sys

import pytest

from codementor_desktop.cli import build_parser
from tests.conftest import REPO

DOC = REPO / "docs" / "classroom.md"
# What an administrator cannot set up a lab without: the guide must show each.
NEEDED = {
    ("class", "init"),
    ("class", "add-learner"),
    ("class", "add-instructor"),
    ("class", "remove-learner"),
    ("class", "status"),
    ("class", "report"),
    ("class", "join"),
    ("data", "export"),
    ("data", "import"),
    ("selftest",),
}


def doc_commands(blocks_only: bool = False) -> list[list[str]]:
    """Each command of the guide, split as a shell would: the command lines of its code blocks,
    and (unless ``blocks_only``) those named in `inline code`, which may leave arguments out."""
    text = DOC.read_text(encoding="utf-8")
    lines: list[str] = []
    in_block = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_block = not in_block
        elif in_block and line.strip().startswith("codementor "):
            lines.append(line.strip())
    if not blocks_only:
        lines += re.findall(r"`(codementor [^`]+)`", text)
    return [shlex.split(line, comments=True) for line in lines]


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def command_path(words: list[str]) -> tuple[str, ...]:
    """The subcommands a command line names (``class add-learner``), without its arguments."""
    path: list[str] = []
    parser = build_parser()
    for word in words[1:]:
        choices = subcommands(parser)
        if word not in choices:
            break
        path.append(word)
        parser = choices[word]
    return tuple(path)


COMMANDS = doc_commands()
COMMAND_LINES = doc_commands(blocks_only=True)
PATHS = sorted({command_path(words) for words in COMMANDS})


def test_the_guide_shows_every_command_a_lab_needs():
    assert len(COMMAND_LINES) >= 12
    missing = NEEDED - set(PATHS)
    assert not missing, f"docs/classroom.md no longer shows: {sorted(missing)}"


@pytest.mark.parametrize("words", COMMAND_LINES, ids=[" ".join(w) for w in COMMAND_LINES])
def test_each_command_line_of_the_guide_parses(words):
    assert words[0] == "codementor" and command_path(words), words
    try:
        build_parser().parse_args(words[1:])
    except SystemExit as exc:
        pytest.fail(f"`{' '.join(words)}` does not parse (exit {exc.code})")


@pytest.mark.parametrize("path", PATHS, ids=[" ".join(p) for p in PATHS])
def test_each_subcommand_of_the_guide_answers_help_with_its_options(path, isolated_home):
    done = subprocess.run(
        [sys.executable, "-m", "codementor_desktop", *path, "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: codementor {' '.join(path)}"), done.stdout[:200]
    used = {word.split("=")[0] for words in COMMANDS if command_path(words) == path for word in words}
    for option in sorted(o for o in used if o.startswith("--")):
        assert option in done.stdout, f"`codementor {' '.join(path)}` has no {option}"


def test_the_guides_system_settings_file_is_read_without_a_problem(isolated_home):
    from codementor_desktop.storage.paths import AppPaths
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.storage.settings import load_settings

    example = re.search(r"```toml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert example, "docs/classroom.md has no example system settings file"
    paths = AppPaths.discover().ensure()
    paths.system_config_dir.mkdir(parents=True, exist_ok=True)
    paths.system_settings_file.write_text(example[1], encoding="utf-8")
    paths.settings_file.write_text('backend = "local"\nmemory_mb = 64\n', encoding="utf-8")
    loaded = load_settings(paths, {"CODEMENTOR_PISTON_URL": "http://elsewhere:2000"})
    assert all("is locked by the administrator" in p for p in loaded.problems), loaded.problems
    assert len(loaded.problems) == 2  # the learner's backend and memory_mb, both locked
    assert loaded.settings.backend == "piston" and loaded.settings.piston_url.startswith("http://piston.")
    assert loaded.settings.memory_mb == 256 and loaded.settings.rate_limits["execution_shared"].calls == 60
    credentials = Credentials(environ={"CODEMENTOR_PISTON_KEY": "from-the-environment"}, use_keyring=False)
    credentials.use_system_file(loaded.system_keys, loaded.locked)
    assert credentials.get("piston") == "lab-piston-key-for-this-server-only"  # locked: the file's key
    assert credentials.get("llm") == "lab-tutor-key-for-this-server-only"
