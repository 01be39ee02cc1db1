"""Static file storages that minify the project's own scripts and stylesheet as collectstatic copies them, before
they are hashed and compressed: their comments say why the code is as it is, and a phone need not download them
(docs/performance.md, "Page weight"). Vendored files (already minified) and other apps' files are left as they are."""

from pathlib import Path

import rcssmin
import rjsmin
from django.conf import settings
from django.core.files.base import ContentFile
from servestatic.storage import CompressedManifestStaticFilesStorage, CompressedStaticFilesStorage

MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


class Minified:
    """Rewrites the collected copy of each of the project's own .js and .css files minified, then lets the storage
    below hash and compress that copy rather than the source."""

    def post_process(self, paths, dry_run=False, **options):
        if not dry_run:
            paths = {name: self.minified(name, source) for name, source in paths.items()}
        yield from super().post_process(paths, dry_run=dry_run, **options)

    def minified(self, name, source):
        storage, path = source
        minify = MINIFIERS.get(Path(name).suffix)
        own = Path(getattr(storage, "location", "")) in map(Path, settings.STATICFILES_DIRS)
        if not minify or not own or ".min." in name:
            return source
        with storage.open(path) as original:
            text = original.read().decode()
        self.delete(name)
        self.save(name, ContentFile(minify(text).encode()))
        return self, name


class MinifiedStaticFilesStorage(Minified, CompressedStaticFilesStorage):
    """`make run`'s: plain names."""


class MinifiedManifestStaticFilesStorage(Minified, CompressedManifestStaticFilesStorage):
    """Production's: hashed names."""
