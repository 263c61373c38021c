from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("tutorials", "0001_initial"),
        ("attempts", "0002_records_from_progress"),
    ]

    operations = [migrations.DeleteModel(name="Progress")]
