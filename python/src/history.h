// One row of numbers per sampled step of a run, for NumPy: the state CSV's columns (same names,
// same quaternion sign, full precision instead of "%.10g"), then per-pair and overall contact
// forces, energies and solver figures. Quantities of a study (maxima, final values, the time of
// an event) are reductions over these columns.
#pragma once

#include <string>
#include <vector>

#include "sim/simulation.h"

namespace contactsim::python {

// Column names for `simulation`'s scene: "t", "<body>.x" ... "<cable>.tension" (as
// stateCsvHeader), "contact.<a>-<b>.fn" per contact pair (sum of its patches' normal forces),
// "contacts.count", "contacts.fn_max", "contacts.ft_max", "energy.<part>" and "energy.balance",
// "solver.newton_iterations", "solver.substeps", "solver.constraint_violation".
std::vector<std::string> historyColumns(const Simulation& simulation);

// Appends the row of `frame` (in the order of historyColumns) to `out`.
void appendHistoryRow(const Simulation& simulation, const SimulationFrame& frame,
                      std::vector<double>& out);

}  // namespace contactsim::python
