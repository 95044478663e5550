"""Entry point. The child mode is dispatched first, before anything heavy is imported; then the
window (``app``) or a command (``cli``)."""

import os
import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--child"]:
        from codementor_desktop.runner.child.python import entry

        entry.run_and_exit()
    if args[:1] == ["--confine"]:  # the launcher that fences a JavaScript child, then execs Node
        from codementor_desktop.runner.child.python import confinement

        return confinement.launch(args[1:])
    # The app uses no pydantic plugins: looking for them reads every installed package's entry
    # points when the first model is built (tens of milliseconds on each command's start).
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from codementor_desktop import cli
    from codementor_desktop.runner.app_process import protect_app_process

    protect_app_process()

    parsed = cli.build_parser().parse_args(args)
    if parsed.command is None:
        from codementor_desktop.app import main as run_app

        return run_app(screenshot=parsed.screenshot)
    return cli.run(parsed)


if __name__ == "__main__":
    sys.exit(main())
