"""Reads whose SQL Django builds once per process and database, for the reads every version of every encounter
repeats (docs/architecture.md "Live updates").

Building a query's SQL costs Django several times what the database takes to answer it: 0.2 to 0.6 ms for an
encounter's combatants or conditions, against about 0.05 ms for the answer. A live push repeats the same few reads
with only the encounter's id changed. `Prepared` builds a read's SQL once, from an ordinary QuerySet made with
stand-ins for its arguments, then runs that SQL with the real ones and turns the rows into what the QuerySet would
have given: model instances (fields it defers left deferred, select_related's objects joined in), `values_list`
tuples, or flat values.

A QuerySet that prefetches (prefetch_related) or computes columns (annotate, extra) is refused when prepared: those
run more than its one statement. Arguments are ids or a system's key; anything else a read needs is part of
its QuerySet.
"""

import inspect
from contextlib import ExitStack, contextmanager, nullcontext
from dataclasses import dataclass
from functools import cache

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models.query import FlatValuesListIterable, ModelIterable, ValuesListIterable, get_related_populators

# Stand-ins for the arguments while the SQL is built: whole numbers no id takes, found again among its parameters (as
# text where the field is text).
FIRST_STAND_IN = -(10**15)


def together(*reads, using=DEFAULT_DB_ALIAS):
    """The results of `reads`, each (Prepared, ids), as lists in their order. On PostgreSQL they go in one pipeline:
    the database answers them all in one round trip instead of one each, a wait that a busy machine makes long."""
    statements = [prepared.statement(ids, using) for prepared, ids in reads]
    sent = [statement for statement in statements if statement is not None]
    connection = connections[using]
    with ExitStack() as open_cursors:
        cursors = [open_cursors.enter_context(connection.cursor()) for _ in sent]
        with sent_together(connection) if len(sent) > 1 else nullcontext():
            for cursor, (plan, values) in zip(cursors, sent):
                cursor.execute(plan.sql, values)
        answers = iter([plan.result(cursor.fetchall()) for cursor, (plan, _) in zip(cursors, sent)])
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
    parameters: list  # (argument index, None) or (None, constant)
    compiler: object
    converters: dict
    shape: object  # rows -> the result

    def result(self, rows):
        return self.shape(self.compiler.apply_converters(rows, self.converters) if self.converters else rows)


class Prepared:
    def __init__(self, make):
        """`make(*ids)` returns the QuerySet to read. A `make` that takes any number of ids (`lambda *ids: ...`)
        gets a plan for each number it is called with; it must narrow by them (`pk__in=ids`), as called with none it
        reads nothing."""
        self.make = make
        parameters = inspect.signature(make).parameters.values()
        self.any_number = any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in parameters)
        self.plans = {}  # {(database alias, number of ids): Plan}

    def __call__(self, *ids, using=DEFAULT_DB_ALIAS):
        """The read's result for `ids`, as a list."""
        return together((self, ids), using=using)[0]

    def statement(self, ids, using):
        """(plan, parameter values) of the read for `ids`; None when it reads nothing."""
        if self.any_number and not ids:
            return None  # `pk__in=()` matches nothing: Django sends no statement for it either
        plan = self.plans.get((using, len(ids))) or self.prepare(using, len(ids))
        return plan, [ids[index] if index is not None else constant for index, constant in plan.parameters]

    def prepare(self, using, arity):
        stand_ins = [FIRST_STAND_IN - index for index in range(arity)]
        queryset = self.make(*stand_ins)
        query = queryset.query
        if queryset._prefetch_related_lookups or query.annotation_select or query.extra:
            raise ValueError("a prepared read is one select: no prefetch_related, annotate or extra")
        compiler = query.get_compiler(using=using)
        sql, constants = compiler.as_sql()
        places = {stand_in: index for index, stand_in in enumerate(stand_ins)}
        places |= {str(stand_in): index for stand_in, index in places.items()}
        parameters = [
            (places[value], None) if isinstance(value, (int, str)) and value in places else (None, value)
            for value in constants
        ]
        if {index for index, _ in parameters if index is not None} != set(range(arity)):
            raise ValueError("each argument of a prepared read must reach its SQL as a parameter")
        columns = [column for column, _, _ in compiler.select]
        plan = Plan(sql, parameters, compiler, compiler.get_converters(columns), self.shape_of(queryset, compiler))
        self.plans[using, arity] = plan
        return plan

    @staticmethod
    def shape_of(queryset, compiler):
        iterable = queryset._iterable_class
        if iterable is FlatValuesListIterable:
            return lambda rows: [row[0] for row in rows]
        if iterable is ValuesListIterable:
            return lambda rows: [tuple(row) for row in rows]
        if iterable is not ModelIterable:
            raise ValueError("a prepared read gives model instances or values_list rows")
        model, alias, fetch_mode = queryset.model, compiler.using, queryset._fetch_mode
        own = compiler.klass_info["select_fields"]
        start, end = own[0], own[-1] + 1
        field_names = [column.target.attname for column, _, _ in compiler.select[start:end]]
        related = get_related_populators(compiler.klass_info, compiler.select, alias, fetch_mode)

        def instances(rows):
            made = []
            for row in rows:
                instance = model.from_db(alias, field_names, row[start:end], fetch_mode=fetch_mode)
                for populator in related:
                    populator.populate(row, instance)
                made.append(instance)
            return made

        return instances
