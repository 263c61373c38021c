"""Moving a browser's practice tables into an account (games.owner.adopt): each table changes
owner, with its snapshots, reviews and shared deals (they hang on the table). Adopting twice finds
nothing left under the browser's key."""

from games.owner import on_merge

from .models import Table


@on_merge
def move_tables(old_key, new_key):
    Table.objects.filter(owner=old_key).update(owner=new_key)
