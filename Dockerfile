FROM python:3.11-slim
# pg_dump, pg_restore and psql of the database server's major version for
# manage.py backup and restore (README "Backup and restore"): PG_MAJOR follows
# the postgres image in docker-compose.yml; PostgreSQL's own apt repository has
# every major version for every Debian release.
ARG PG_MAJOR=16
RUN apt-get update && apt-get install -y --no-install-recommends gettext libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core ca-certificates postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends postgresql-client-${PG_MAJOR} \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY pyproject.toml ./
COPY . .
RUN pip install --no-cache-dir -e .
# The German catalogue is compiled into the image, so a web process starts daphne
# and nothing else (README "Production"); the key is for this step only.
RUN SECRET_KEY=build-only DEBUG=false python manage.py compilemessages --ignore=.venv --verbosity 0
ENV PYTHONUNBUFFERED=1
EXPOSE 8000
