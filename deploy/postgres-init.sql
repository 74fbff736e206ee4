-- The registry keeps its schemas in their own database, beside Tradelog's.
CREATE DATABASE tradelog_registry;
