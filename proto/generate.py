"""Regenerate the committed Python code of the protocol: ``python proto/generate.py``.

protoc writes absolute imports from the proto package name, so ``package arena.v1`` lands in
``arena/v1/``. ``--check`` regenerates into a temporary folder and exits 1 if anything differs.
"""

from __future__ import annotations

import filecmp
import sys
import tempfile
from pathlib import Path

from grpc_tools import protoc

ROOT = Path(__file__).resolve().parent.parent
PROTO_DIR = ROOT / "proto"
OUT_PACKAGE = Path("arena") / "v1"


def generate(out_root: Path) -> list[Path]:
    """Run protoc into ``out_root``; return the generated files relative to it."""
    sources = sorted(PROTO_DIR.glob("arena/v1/*.proto"))
    include = Path(protoc.__file__).parent / "_proto"
    args = [
        "protoc",
        f"-I{PROTO_DIR}",
        f"-I{include}",
        f"--python_out={out_root}",
        f"--pyi_out={out_root}",
        f"--grpc_python_out={out_root}",
        *[str(s) for s in sources],
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")
    for source in sources:  # the gRPC plugin writes an empty stub module for message-only files
        if "\nservice " not in source.read_text():
            (out_root / OUT_PACKAGE / f"{source.stem}_pb2_grpc.py").unlink()
    (out_root / OUT_PACKAGE / "__init__.py").write_text(
        '"""Generated protocol code (proto/arena/v1). Do not edit: run proto/generate.py."""\n'
    )
    return sorted(p.relative_to(out_root) for p in (out_root / OUT_PACKAGE).iterdir())


def stale_files() -> list[str]:
    """Generated files that differ from (or are missing in, or extra in) the committed ones."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = set(generate(Path(tmp)))
        committed = {p.relative_to(ROOT) for p in (ROOT / OUT_PACKAGE).iterdir() if p.is_file()}
        differ = [
            str(p) for p in fresh & committed if not filecmp.cmp(Path(tmp) / p, ROOT / p, False)
        ]
        return sorted(differ + [str(p) for p in fresh ^ committed])


def main() -> None:
    if "--check" in sys.argv[1:]:
        stale = stale_files()
        if stale:
            print("stale generated code, run python proto/generate.py:", *stale, sep="\n  ")
            raise SystemExit(1)
        print("generated code is up to date")
        return
    for old in (ROOT / OUT_PACKAGE).glob("*_pb2*"):
        old.unlink()
    (ROOT / OUT_PACKAGE).mkdir(parents=True, exist_ok=True)
    for path in generate(ROOT):
        print(path)


if __name__ == "__main__":
    main()
