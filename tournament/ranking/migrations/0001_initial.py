"""The national ranking's models, moved from the `standings` app with their tables: the
state takes them over (the standings' migration 0013 removes them from its own), the
database is not touched (the tables keep their names, `Meta.db_table`, and every row)."""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('accounts', '0008_email_verified'),
        ('events', '0019_event_seed_by_rating'),
        ('standings', '0012_standing_status_missed_cut'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='ScoringFormSubmission',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('submitted_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='sent at')),
                        ('event', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='scoring_form_submission', to='events.event')),
                        ('submitted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='accounts.player')),
                    ],
                    options={
                        'verbose_name': 'scoring form submission',
                        'verbose_name_plural': 'scoring form submissions',
                        'db_table': 'standings_scoringformsubmission',
                    },
                ),
                migrations.CreateModel(
                    name='RankedScore',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('year', models.PositiveSmallIntegerField(verbose_name='year')),
                        ('place', models.PositiveIntegerField(blank=True, null=True, verbose_name='place')),
                        ('playing_points', models.PositiveIntegerField(default=0, verbose_name='playing points')),
                        ('coordinator_points', models.PositiveIntegerField(default=0, verbose_name='coordinator points')),
                        ('judge_points', models.PositiveIntegerField(default=0, verbose_name='judge points')),
                        ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ranked_scores', to='events.event')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ranked_scores', to='accounts.player')),
                    ],
                    options={
                        'verbose_name': 'accepted ranking figures',
                        'verbose_name_plural': 'accepted ranking figures',
                        'db_table': 'standings_rankedscore',
                        'ordering': ['event', 'player'],
                        'indexes': [models.Index(fields=['player', 'year'], name='ranked_player_year')],
                        'constraints': [models.UniqueConstraint(fields=('event', 'player'), name='unique_ranked_score')],
                    },
                ),
                migrations.CreateModel(
                    name='RankingStep',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('year', models.PositiveSmallIntegerField(verbose_name='year')),
                        ('order', models.PositiveIntegerField(default=0)),
                        ('points', models.PositiveIntegerField(default=0, verbose_name='points')),
                        ('total', models.PositiveIntegerField(default=0, verbose_name='total')),
                        ('rank', models.PositiveIntegerField(default=0, verbose_name='rank')),
                        ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='events.event')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ranking_steps', to='accounts.player')),
                    ],
                    options={
                        'verbose_name': 'ranking step',
                        'verbose_name_plural': 'ranking steps',
                        'db_table': 'standings_rankingstep',
                        'ordering': ['year', 'order'],
                        'indexes': [models.Index(fields=['player', 'year', 'order'], name='ranking_step_player')],
                        'constraints': [models.UniqueConstraint(fields=('player', 'event', 'year'), name='unique_ranking_step')],
                    },
                ),
                migrations.CreateModel(
                    name='RankingTotal',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('year', models.PositiveSmallIntegerField(verbose_name='year')),
                        ('playing_points', models.PositiveIntegerField(default=0, verbose_name='playing points')),
                        ('official_points', models.PositiveIntegerField(default=0, verbose_name='coordinator / judge points')),
                        ('ranking_points', models.PositiveIntegerField(default=0, verbose_name='ranking points')),
                        ('rank', models.PositiveIntegerField(default=0, verbose_name='rank')),
                        ('position', models.PositiveIntegerField(default=0)),
                        ('previous_rank', models.PositiveIntegerField(default=0, verbose_name='previous rank')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ranking_totals', to='accounts.player')),
                    ],
                    options={
                        'verbose_name': 'ranking total',
                        'verbose_name_plural': 'ranking totals',
                        'db_table': 'standings_rankingtotal',
                        'indexes': [models.Index(fields=['year', '-ranking_points'], name='ranking_year_points'), models.Index(fields=['year', 'position'], name='ranking_year_position')],
                        'constraints': [models.UniqueConstraint(fields=('player', 'year'), name='unique_ranking_total')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
