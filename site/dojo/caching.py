"""Where the site keeps its cache (and its sessions), from the environment.

Without REDIS_URL each server process keeps its own cache in local memory: pages drawn once for
everyone (dojo.shared) are drawn once per process, and sessions live in the database only.
With REDIS_URL (e.g. redis://cache.internal:6379/0) every process of every server shares one cache
through Django's own Redis backend: a page is drawn once for the whole site.

Sessions stay in the database either way (settings.SESSION_ENGINE), so that a log-out can end a
user's sessions everywhere by deleting their rows (a cached copy would outlive them).
"""

LOCAL_ENTRIES = 3000  # pages of every language, game and kind, with room for query variants


def caches(environ):
    url = environ.get("REDIS_URL", "").strip()
    if url:
        return {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url,
                            "KEY_PREFIX": "dojo", "TIMEOUT": 24 * 60 * 60}}
    return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "dojo",
                        "TIMEOUT": 24 * 60 * 60, "OPTIONS": {"MAX_ENTRIES": LOCAL_ENTRIES}}}

