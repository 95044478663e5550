"""Entry point. The child mode is dispatched first, before anything heavy is imported."""

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--child"]:
        from codementor_desktop.runner.child import entry

        return entry.main()
    from codementor_desktop.cli import main as cli_main

    return cli_main(args)


if __name__ == "__main__":
    sys.exit(main())
