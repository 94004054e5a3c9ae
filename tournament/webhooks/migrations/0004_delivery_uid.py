"""Deliveries get a UUID, the id receivers see: each existing delivery its own."""

import uuid

from django.db import migrations, models


def give_each_delivery_its_own(apps, schema_editor):
    Delivery = apps.get_model("webhooks", "Delivery")
    for delivery in Delivery.objects.only("pk").iterator():
        Delivery.objects.filter(pk=delivery.pk).update(uid=uuid.uuid4())


class Migration(migrations.Migration):
    dependencies = [("webhooks", "0003_chat_formats")]

    operations = [
        migrations.AddField(
            model_name="delivery",
            name="uid",
            field=models.UUIDField(null=True, editable=False),
        ),
        migrations.RunPython(give_each_delivery_its_own, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="delivery",
            name="uid",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
        ),
    ]
