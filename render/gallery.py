"""Write a labelled sample of every picture of every game, to look at before
shipping.

    python -m render.gallery OUTDIR [--format png|webp|jpeg]

Each game's folder under ``render/`` may have a ``gallery`` module with a
``samples()`` function returning (file stem, description, renderer)
triples; its pictures go to ``OUTDIR/<game>/`` and ``OUTDIR/index.txt``
lists every file with its size and description.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from collections.abc import Callable, Sequence
from io import BytesIO
from pathlib import Path

from PIL import Image

from .encoding import Format, RenderedImage, encode

Sample = tuple[str, str, Callable[[], RenderedImage]]


def games() -> list[str]:
    """The game folders of ``render`` that have a gallery, by name."""
    here = Path(__file__).parent
    return sorted(
        m.name
        for m in pkgutil.iter_modules([str(here)])
        if m.ispkg and (here / m.name / "gallery.py").is_file()
    )


def samples(game: str) -> list[Sample]:
    module = importlib.import_module(f"{__package__}.{game}.gallery")
    found: list[Sample] = module.samples()
    return found


def write_gallery(outdir: Path, fmt: Format | None = None) -> list[Path]:
    """Render every game's samples into ``outdir``; returns the files written."""
    written: list[Path] = []
    index: list[str] = []
    for game in games():
        folder = outdir / game
        folder.mkdir(parents=True, exist_ok=True)
        for stem, desc, make in samples(game):
            image = make()
            if fmt is not None and not image.filename.endswith(fmt):
                image = encode(Image.open(BytesIO(image.data)).convert("RGB"), stem, fmt)
            path = folder / f"{stem}.{image.filename.rsplit('.', 1)[1]}"
            path.write_bytes(image.data)
            written.append(path)
            name = path.relative_to(outdir).as_posix()
            index.append(f"{name}\t{image.width}x{image.height}\t{len(image.data)} B\t{desc}")
    (outdir / "index.txt").write_text("\n".join(index) + "\n", encoding="utf-8")
    return written


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--format", choices=("png", "webp", "jpeg"), default=None)
    args = parser.parse_args(argv)
    for path in write_gallery(args.outdir, args.format):
        print(path)


if __name__ == "__main__":
    main()
