"""The PostgreSQL run of `make test` keeps only the tests that may reach the database
(tests/conftest.py, DOJO_DATABASE_TESTS_ONLY): whatever can query must be kept, whatever cannot is
left to the SQLite run."""

import pytest

from tests.conftest import reaches_the_database


def test_a_test_without_the_database_is_left_to_sqlite(request):
    assert not reaches_the_database(request.node)


@pytest.mark.django_db
def test_a_test_marked_for_the_database_is_kept(request):
    assert reaches_the_database(request.node)


def test_a_test_with_a_database_fixture_is_kept(request, db):
    assert reaches_the_database(request.node)


@pytest.fixture
def a_club_row(transactional_db):
    return "made through transactional_db"


def test_a_test_whose_fixture_needs_the_database_is_kept(request, a_club_row):
    assert reaches_the_database(request.node)


def test_a_test_that_does_not_ask_for_the_database_is_refused_every_query():
    """What the split rests on: pytest-django refuses a query to a test that does not ask for the
    database, so such a test sees no difference between databases."""
    from django.contrib.auth import get_user_model

    with pytest.raises(RuntimeError, match="Database access not allowed"):
        get_user_model().objects.count()
