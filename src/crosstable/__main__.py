"""``python -m crosstable``: the ``crosstable`` program (:func:`crosstable.launch.main`)."""

from crosstable.launch import main

main()
