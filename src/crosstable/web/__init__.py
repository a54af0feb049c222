"""The local web page and HTTP API (``crosstable serve``); see :mod:`crosstable.web.app`."""
