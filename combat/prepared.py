"""Reads whose SQL is written once per process and database, for the reads every version of every encounter repeats
(docs/architecture.md "Reading an encounter").

Building a QuerySet's SQL costs Django several times what the database takes to answer it: 0.2 to 0.6 ms for an
encounter's combatants or conditions, against about 0.05 ms for the answer. A live push repeats the same few reads
with only the encounter's id changed. A `Read` is one SELECT described by its model: the condition (SQL in which
`{lookup}` names a column as a QuerySet's filter would, `%s` an argument), the objects joined in as select_related
joins them, the order (the model's own unless given) and a limit. Its SQL is written once from the models' `_meta`,
run with a cursor, and its rows made into what the QuerySet would give: model instances (`Model.from_db`, each
joined object cached on its owner), tuples of values, or single values, each value through the converters Django
gives its field (a JSON field's, SQLite's booleans and times).

In a condition, `{name}` may also name one of the read's keyword arguments: another Read, written in as a subquery
(its `%s` take their arguments in turn), or constants, sent as parameters. `{ids}` takes all of the read's arguments,
however many: `{character} IN ({ids})`.
"""

import re
from contextlib import ExitStack, contextmanager, nullcontext
from dataclasses import dataclass
from functools import cache

from django.db import DEFAULT_DB_ALIAS, NotSupportedError, connections
from django.db.transaction import TransactionManagementError

PLACES = re.compile(r"\{(\w+)\}|%s")
ANY_NUMBER = "ids"


def together(*reads, using=DEFAULT_DB_ALIAS):
    """The results of `reads`, each (Read, arguments), as lists in their order. On PostgreSQL they go in one pipeline:
    the database answers them all in one round trip instead of one each, a wait that a busy machine makes long."""
    statements = [read.statement(arguments, using) for read, arguments in reads]
    sent = [statement for statement in statements if statement is not None]
    connection = connections[using]
    with ExitStack() as open_cursors:
        cursors = [open_cursors.enter_context(connection.cursor()) for _ in sent]
        with sent_together(connection) if len(sent) > 1 else nullcontext():
            for cursor, (plan, values) in zip(cursors, sent):
                cursor.execute(plan.sql, values)
        answers = iter([plan.result(cursor.fetchall(), connection) for cursor, (plan, _) in zip(cursors, sent)])
    return [[] if statement is None else next(answers) for statement in statements]


@contextmanager
def sent_together(connection):
    """The block's statements sent at once on PostgreSQL and answered as it ends (psycopg's pipeline mode), one
    round trip however many; its errors are raised there as Django's, like a statement's alone. Reading an answer
    inside the block (a fetch, an INSERT's RETURNING) waits for it and those before it. A row count is not known
    before the block ends: a write that reads one, as Model.save() does to choose between UPDATE and INSERT, does
    not belong in it. Elsewhere, or with a libpq older than 14, each statement waits for its answer."""
    if connection.vendor != "postgresql" or not pipeline_supported():
        yield
        return
    connection.ensure_connection()
    with connection.wrap_database_errors, connection.connection.pipeline():
        yield


@cache
def pipeline_supported():
    import psycopg

    return psycopg.Pipeline.is_supported()


@dataclass
class Plan:
    sql: str
    places: list  # per %s in `sql`: (index of the argument, None) or (None, a constant)
    converters: list  # (column index, converter functions, the column's expression)
    shape: object  # converted rows -> the result
    locks: bool  # FOR UPDATE, which needs a transaction

    def result(self, rows, connection):
        if self.converters:
            rows = [converted(row, self.converters, connection) for row in rows]
        return self.shape(rows)


def converted(row, converters, connection):
    row = list(row)
    for index, functions, expression in converters:
        value = row[index]
        for function in functions:
            value = function(value, expression, connection)
        row[index] = value
    return row


class Read:
    def __init__(
        self, model, where, *, related=(), values=(), flat=False, order_by=None, limit=None, locked=False, **named
    ):
        """One SELECT from `model`'s table where `where` holds (see the module's docstring), giving `model` instances
        with the objects of `related` (paths of foreign keys, as select_related takes them) cached on them, or, with
        `values` (lookups), a tuple of those values a row, or with `flat` the first alone. Ordered by `order_by`
        (lookups, "-" first for descending), by default the model's own ordering; at most `limit` rows; with
        `locked`, the rows of `model`'s own table stay locked until the transaction ends."""
        if values and related:
            raise ValueError("a read gives instances with their related objects, or values")
        self.model, self.where, self.values, self.flat = model, where, tuple(values), flat
        self.related = tuple(dict.fromkeys(path[:end] for path in related for end in prefix_ends(path)))
        self.order_by, self.limit, self.locked, self.named = order_by, limit, locked, named
        self.any_number = "{" + ANY_NUMBER + "}" in where
        self.plans = {}  # {(database alias, number of arguments): Plan}

    def __call__(self, *arguments, using=DEFAULT_DB_ALIAS):
        """The read's result for `arguments`, as a list."""
        return together((self, arguments), using=using)[0]

    def statement(self, arguments, using):
        """(plan, parameter values) of the read for `arguments`; None when it reads nothing."""
        if self.any_number and not arguments:
            return None  # `IN ()` matches nothing: no statement needed (Django sends none for `pk__in=()` either)
        plan = self.plans.get((using, len(arguments))) or self.prepare(using, len(arguments))
        if plan.locks and connections[using].get_autocommit():
            raise TransactionManagementError("A locked read must run inside a transaction.")
        return plan, [constant if index is None else arguments[index] for index, constant in plan.places]

    def prepare(self, using, arity):
        clashing = set(self.named) & {field.name for field in self.model._meta.get_fields()}
        if clashing:
            raise ValueError(f"{', '.join(sorted(clashing))}: a named value would hide the field of that name")
        connection = connections[using]
        writer = Writer(self.model, connection)
        own = [(field, writer.table) for field in self.model._meta.concrete_fields] if not self.values else []
        joined = [(path, writer.join(path)) for path in self.related]
        selected = own + [(field, alias) for _, (model, alias) in joined for field in model._meta.concrete_fields]
        selected += [writer.column(lookup)[1:] for lookup in self.values]
        condition, places = writer.condition(self, arity)
        takes = sum(index is not None for index, _ in places)
        if takes != arity:
            raise TypeError(f"this read takes {takes} arguments, not {arity}")
        order = writer.ordering(self.order_by if self.order_by is not None else self.model._meta.ordering)
        sql = writer.select([writer.quoted(field, alias) for field, alias in selected], condition) + order
        sql += f" LIMIT {int(self.limit)}" if self.limit is not None else ""
        locks = self.locked and connection.features.has_select_for_update
        if locks:
            if writer.joins and not connection.features.has_select_for_update_of:
                raise NotSupportedError("this database cannot lock one table of a join")
            sql += f" FOR UPDATE OF {writer.quote(writer.table)}" if writer.joins else " FOR UPDATE"
        converters = []
        for index, (field, alias) in enumerate(selected):
            column = field.get_col(alias)
            functions = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
            if functions:
                converters.append((index, functions, column))
        plan = Plan(sql, places, converters, self.shape(using, joined), locks)
        self.plans[using, arity] = plan
        return plan

    def subquery(self, connection):
        """(SQL, places) of this read within another's condition."""
        if self.any_number or self.related or self.locked or len(self.values) != 1:
            raise ValueError("a subquery reads one value, by a fixed number of arguments")
        writer = Writer(self.model, connection)
        column, condition = writer.column(self.values[0])[0], writer.condition(self, 0)
        return writer.select([column], condition[0]), condition[1]

    def shape(self, using, joined):
        if self.values:
            return (lambda rows: [row[0] for row in rows]) if self.flat else (lambda rows: [tuple(row) for row in rows])
        model, fields = self.model, self.model._meta.concrete_fields
        names, count = [field.attname for field in fields], len(fields)
        if not joined:
            return lambda rows: [model.from_db(using, names, row) for row in rows]
        cached = []  # per joined object: its path, its owner's, the key between them, its model, where its columns
        # start and end, where its id is, its fields' names
        start = count
        for path, (related, _) in joined:
            owner, _, name = path.rpartition("__")
            related_fields = related._meta.concrete_fields
            key = (model if not owner else dict(joined)[owner][0])._meta.get_field(name)
            end = start + len(related_fields)
            pk_at = start + related_fields.index(related._meta.pk)
            cached.append((path, owner, key, related, start, end, pk_at, [f.attname for f in related_fields]))
            start = end

        def instances(rows):
            made = []
            for row in rows:
                objects = {"": model.from_db(using, names, row[:count])}
                for path, owner, key, related, start, end, pk_at, related_names in cached:
                    owner_object = objects[owner]
                    found = None if row[pk_at] is None else related.from_db(using, related_names, row[start:end])
                    if owner_object is not None:
                        key.set_cached_value(owner_object, found)
                    objects[path] = found
                made.append(objects[""])
            return made

        return instances


def prefix_ends(path):
    """Where each relation of a select_related path ends: "skill__characteristic" -> 5, 21."""
    return [index for index in range(len(path) + 1) if index == len(path) or path.startswith("__", index)]


class Writer:
    """The SQL of one SELECT from a model's table, with the joins that its lookups go through."""

    def __init__(self, model, connection):
        self.model, self.connection, self.quote = model, connection, connection.ops.quote_name
        self.table = model._meta.db_table
        self.joins = {}  # {path: (model, alias, outer)}
        self.clauses = []

    def quoted(self, field, alias):
        return f"{self.quote(alias)}.{self.quote(field.column)}"

    def join(self, path):
        """(model, alias) of the table reached by `path`, a path of foreign keys, joined in once."""
        if path not in self.joins:
            owner, _, name = path.rpartition("__")
            if owner:
                self.join(owner)
            model, alias, outer = self.joins[owner] if owner else (self.model, self.table, False)
            key = model._meta.get_field(name)
            if not key.concrete or not (key.many_to_one or key.one_to_one):
                raise ValueError(f"{path}: a read joins through foreign keys only")
            related = key.related_model
            outer = outer or key.null  # a row without the object stays, as after select_related
            self.clauses.append(
                f"{'LEFT OUTER' if outer else 'INNER'} JOIN {self.quote(related._meta.db_table)} {self.quote(path)}"
                f" ON {self.quoted(key.target_field, path)} = {self.quoted(key, alias)}"
            )
            self.joins[path] = (related, path, outer)
        model, alias, _ = self.joins[path]
        return model, alias

    def column(self, lookup):
        """(quoted column, field, table alias) of `lookup` ("encounter", "pk", "skill__name")."""
        owner, _, name = lookup.rpartition("__")
        model, alias = self.join(owner) if owner else (self.model, self.table)
        field = model._meta.pk if name == "pk" else model._meta.get_field(name)
        if not field.concrete:
            raise ValueError(f"{lookup}: not a column")
        return self.quoted(field, alias), field, alias

    def condition(self, read, arity):
        """(SQL, places) of `read`'s condition for `arity` arguments, its lookups resolved and its named values
        written in."""
        places = []

        def place(match):
            name = match.group(1)
            if name is None:
                places.append((sum(index is not None for index, _ in places), None))
                return "%s"
            if name == ANY_NUMBER:
                places.extend((index, None) for index in range(arity))
                return ", ".join(["%s"] * arity)
            if name not in read.named:
                return self.column(name)[0]
            value = read.named[name]
            if isinstance(value, Read):
                sql, inner = value.subquery(self.connection)
                taken = sum(index is not None for index, _ in places)
                places.extend((None, constant) if index is None else (taken + index, None) for index, constant in inner)
                return sql
            constants = list(value) if isinstance(value, (list, tuple)) else [value]
            if not constants:
                raise ValueError(f"{name}: no values to compare with")
            places.extend((None, constant) for constant in constants)
            return ", ".join(["%s"] * len(constants))

        sql = PLACES.sub(place, read.where)
        if read.any_number and len(places) != arity:
            raise ValueError("a read of any number of arguments takes them all in its {ids}")
        return sql, places

    def select(self, columns, condition):
        """The SELECT of `columns` where `condition` holds, with every join written so far."""
        tables = " ".join([self.quote(self.table), *self.clauses])
        return f"SELECT {', '.join(columns)} FROM {tables} WHERE {condition}"

    def ordering(self, lookups):
        if not lookups:
            return ""
        terms = []
        for lookup in lookups:
            if not isinstance(lookup, str):
                raise ValueError("a read orders by lookups; give order_by for a model ordered by expressions")
            descending = lookup.startswith("-")
            terms.append(self.column(lookup.removeprefix("-"))[0] + (" DESC" if descending else " ASC"))
        return " ORDER BY " + ", ".join(terms)
