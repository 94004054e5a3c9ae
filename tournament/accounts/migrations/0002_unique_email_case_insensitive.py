"""One account per e-mail address, whatever its case (a database rule, so that simultaneous
sign-ups cannot both pass the form's check). Empty addresses (imported or admin-made accounts)
are not concerned."""

from django.db import migrations

INDEX = "accounts_user_email_ci_uniq"


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunSQL(
            sql=f"CREATE UNIQUE INDEX {INDEX} ON auth_user (LOWER(email)) WHERE email <> ''",
            reverse_sql=f"DROP INDEX {INDEX}",
        )
    ]
