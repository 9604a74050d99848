FROM python:3.11-slim
RUN apt-get update && apt-get install -y --no-install-recommends gettext libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY pyproject.toml ./
COPY . .
RUN pip install --no-cache-dir -e .
# The German catalogue is compiled into the image, so a web process starts daphne
# and nothing else (README "Production"); the key is for this step only.
RUN SECRET_KEY=build-only DEBUG=false python manage.py compilemessages --ignore=.venv --verbosity 0
ENV PYTHONUNBUFFERED=1
EXPOSE 8000
