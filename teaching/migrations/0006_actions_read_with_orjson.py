import dojo.fields
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('teaching', '0005_public_only'),
    ]

    # The column keeps its type and its text (dojo.fields.ListJSONField reads and writes the same JSON):
    # only the field's class changes, so no database table is touched.
    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.AlterField(
                model_name='teachingtable',
                name='actions',
                field=dojo.fields.ListJSONField(default=list),
            ),
        ]),
    ]
