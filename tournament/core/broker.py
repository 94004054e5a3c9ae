"""What queueing a task raises while the broker (Redis) is unreachable."""

from kombu.exceptions import OperationalError as BrokerOperationalError
from redis.exceptions import RedisError

BROKER_ERRORS = (BrokerOperationalError, RedisError, OSError)
