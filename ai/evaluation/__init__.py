"""What the learned evaluators share: reading their numpy files."""
