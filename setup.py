"""The build: everything is in pyproject.toml but one step, compiling the message
catalogues (``src/crosstable/locale/*/LC_MESSAGES/crosstable.po``) into the ``.mo``
files gettext reads, before the package's files are copied (a wheel, an install, an
editable install alike)."""

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogues(build_py):
    """``build_py`` that compiles the catalogues first."""

    def run(self) -> None:
        for po in sorted(Path(__file__).parent.glob("src/crosstable/locale/*/LC_MESSAGES/*.po")):
            with po.open("rb") as f:
                catalog = read_po(f, locale=po.parent.parent.name, domain=po.stem)
            with po.with_suffix(".mo").open("wb") as f:
                write_mo(f, catalog)
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
