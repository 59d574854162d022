//! The grievance officer's daily list of overdue tickets.
