"""The national ranking's models moved to the `ranking` app (its migration 0001): removed
here from the state only; their tables keep their names and every row (`Meta.db_table`)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('standings', '0012_standing_status_missed_cut'),
        ('ranking', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='rankingstep',
                    name='event',
                ),
                migrations.RemoveField(
                    model_name='rankingstep',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='rankingtotal',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='scoringformsubmission',
                    name='event',
                ),
                migrations.RemoveField(
                    model_name='scoringformsubmission',
                    name='submitted_by',
                ),
                migrations.DeleteModel(
                    name='RankedScore',
                ),
                migrations.DeleteModel(
                    name='RankingStep',
                ),
                migrations.DeleteModel(
                    name='RankingTotal',
                ),
                migrations.DeleteModel(
                    name='ScoringFormSubmission',
                ),
            ],
            database_operations=[],
        ),
    ]
