import dojo.fields
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0010_people_proposals'),
    ]

    # The column keeps its type and its text (dojo.fields.ListJSONField reads and writes the same JSON):
    # only the field's class changes, so no database table is touched.
    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.AlterField(
                model_name='peopletable',
                name='actions',
                field=dojo.fields.ListJSONField(default=list),
            ),
            migrations.AlterField(
                model_name='table',
                name='actions',
                field=dojo.fields.ListJSONField(default=list),
            ),
        ]),
    ]
