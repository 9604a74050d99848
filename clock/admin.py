from django.contrib import admin

from clock.models import BoundaryFired, Chip, ClockCall, ClockState, SavedTemplate, Structure


@admin.register(ClockState)
class ClockStateAdmin(admin.ModelAdmin):
    list_display = ("tournament", "status", "level_index", "remaining_ms", "running_since")
    readonly_fields = ("status", "level_index", "remaining_ms", "running_since")


@admin.register(Structure)
class StructureAdmin(admin.ModelAdmin):
    list_display = ("tournament", "updated_at")


@admin.register(SavedTemplate)
class SavedTemplateAdmin(admin.ModelAdmin):
    list_display = ("name", "starting_stack", "source", "updated_at")
    search_fields = ("name",)


@admin.register(Chip)
class ChipAdmin(admin.ModelAdmin):
    list_display = ("tournament", "value", "colour", "count")
    list_filter = ("tournament",)


@admin.register(BoundaryFired)
class BoundaryFiredAdmin(admin.ModelAdmin):
    list_display = ("tournament", "key", "kind", "at", "fired_at")
    list_filter = ("kind",)


@admin.register(ClockCall)
class ClockCallAdmin(admin.ModelAdmin):
    list_display = ("tournament", "table_number", "seat", "status", "called_at")
