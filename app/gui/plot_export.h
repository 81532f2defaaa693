// The plots panel's exports: the chosen channels as CSV, the charts as PNG. The file names come
// from a QFileDialog; failures are reported in a message box, never thrown.
#pragma once

#include <string>
#include <vector>

#include "plot_history.h"

class QWidget;

namespace contactsim::gui {

// A header "time (s),<name> (<unit>),…" then one row per time at which any of the channels was
// sampled, ascending; a cell is empty where its channel has no value at that time (per-step and
// per-frame channels are sampled at different times). Values at full precision.
std::string plotCsv(const PlotHistory& history, const std::vector<std::size_t>& channels);

void exportCsv(QWidget* parent, const PlotHistory& history,
               const std::vector<std::size_t>& channels);
// Saves what `charts` shows, at the screen's pixel ratio.
void exportPng(QWidget* parent, QWidget* charts);

}  // namespace contactsim::gui
