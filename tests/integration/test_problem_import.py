"""Instructors' problems: validated, installed beside the bank, broken files named and skipped."""

import shutil
import zipfile

from codementor_desktop.problems.bank import load_bank
from codementor_desktop.problems.importer import import_problems
from codementor_desktop.resources import builtin_problems_dir

TWO_SUM = builtin_problems_dir() / "arrays" / "two-sum.toml"


def custom_problem(folder, problem_id="my-two-sum", title="My Two Sum"):
    text = (
        TWO_SUM.read_text()
        .replace('id = "two-sum"', f'id = "{problem_id}"')
        .replace('title = "Two Sum"', f'title = "{title}"')
    )
    path = folder / f"{problem_id}.toml"
    path.write_text(text)
    return path


def test_a_folder_with_a_broken_file(tmp_path, services):
    source = tmp_path / "incoming"
    source.mkdir()
    custom_problem(source)
    (source / "broken.toml").write_text('id = "broken"\nversion = 0\n')
    (source / "nonsense.toml").write_text("this is = = not toml")
    report = import_problems(source, services.paths.user_problems_dir, existing=services.bank)
    assert len(report.installed) == 1 and len(report.rejected) == 2
    text = "\n".join(report.lines())
    assert "broken.toml" in text and "version" in text and "nonsense.toml" in text and "TOML" in text
    bank = load_bank([builtin_problems_dir(), services.paths.user_problems_dir])
    assert "my-two-sum" in bank and bank.errors == []


def test_a_zip_and_the_builtin_ids_are_protected(tmp_path, services):
    archive = tmp_path / "class.zip"
    source = tmp_path / "src"
    source.mkdir()
    custom_problem(source, "zipped-sum", "Zipped Sum")
    shutil.copy(TWO_SUM, source / "two-sum.toml")
    with zipfile.ZipFile(archive, "w") as bundle:
        for path in source.iterdir():
            bundle.write(path, f"../../evil/{path.name}")
    report = import_problems(archive, services.paths.user_problems_dir, existing=services.bank)
    assert [line.split()[0] for line in report.installed] == ["zipped-sum"]
    assert "built-in" in report.rejected[0]
    assert not (tmp_path / "evil").exists()


def test_a_broken_user_file_does_not_stop_the_bank(services, tmp_path):
    folder = services.paths.user_problems_dir / "arrays"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "half.toml").write_text('id = "half"\ntitle = "x"\n')
    bank = load_bank([builtin_problems_dir(), services.paths.user_problems_dir])
    assert len(bank) >= 90 and len(bank.errors) == 1
    assert "half.toml" in str(bank.errors[0]) and "difficulty" in str(bank.errors[0])


def test_the_cli_imports(tmp_path):
    import subprocess
    import sys

    source = tmp_path / "incoming"
    source.mkdir()
    custom_problem(source, "cli-sum", "CLI Sum")
    result = subprocess.run(
        [sys.executable, "-m", "codementor_desktop", "problems", "import", str(source)], capture_output=True, text=True
    )
    assert result.returncode == 0 and "installed cli-sum" in result.stdout
    listed = subprocess.run(
        [sys.executable, "-m", "codementor_desktop", "problems", "list", "--search", "CLI Sum"],
        capture_output=True,
        text=True,
    )
    assert "cli-sum" in listed.stdout


def test_a_problem_whose_example_breaks_its_own_precondition_is_rejected(tmp_path, services):
    from codementor_desktop.edge_cases.promises import promises_check
    from codementor_desktop.runner.local import LocalRunner

    source = tmp_path / "incoming"
    source.mkdir()
    custom_problem(source, "kept-sum", "Kept Sum")
    broken = custom_problem(source, "no-pair-sum", "No Pair Sum")
    broken.write_text(broken.read_text().replace('input = "[2,7,11,15], 9"', 'input = "[2,7,11,15], 100"', 1))
    report = import_problems(
        source, services.paths.user_problems_dir, existing=services.bank, check=promises_check(LocalRunner())
    )
    assert [line.split()[0] for line in report.installed] == ["kept-sum"]
    assert len(report.rejected) == 1
    assert "no-pair-sum.toml" in report.rejected[0] and "example 1" in report.rejected[0]
    assert "breaks the precondition" in report.rejected[0]
