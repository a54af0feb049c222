"""Alembic's environment for crosstable's saved events: the migrations run on the
connection :func:`crosstable.events.migrate` hands over (no ``alembic.ini``)."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
