"""Whether a player's e-mail address is confirmed. Every player there before counts as
confirmed (the column is added with True in every row); from now on only the sign-up form
makes an unconfirmed one, until its owner follows the link it mailed."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0007_country_codes"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="email_verified",
            field=models.BooleanField(default=True, verbose_name="e-mail address confirmed"),
        ),
    ]
