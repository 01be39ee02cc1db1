"""`<id:pk>` in a URL: a row's id, a whole number the databases can hold (below 2**63). A larger one matches no URL,
so it answers 404 on every database, where SQLite would fail to bind it and PostgreSQL would find no row."""

from django.urls import register_converter

LARGEST_ID = 2**63 - 1


class RowIdConverter:
    regex = "[0-9]+"

    def to_python(self, value):
        number = int(value)
        if number > LARGEST_ID:
            raise ValueError(f"{value} is beyond any row's id")
        return number

    def to_url(self, value):
        return str(value)


register_converter(RowIdConverter, "id")
