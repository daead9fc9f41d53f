"""The explorer: a local web page to walk a model's states (`ttt-check explore`)."""
