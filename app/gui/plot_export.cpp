#include "plot_export.h"

#include <QFileDialog>
#include <QMessageBox>
#include <QPixmap>
#include <QSaveFile>
#include <cstdio>
#include <map>

namespace contactsim::gui {

namespace {

std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

}  // namespace

std::string plotCsv(const PlotHistory& history, const std::vector<std::size_t>& channels) {
  std::string text = "time (s)";
  // time → one cell per channel; a map keeps the rows in time order and merges equal times.
  std::map<double, std::vector<std::string>> rows;
  for (std::size_t k = 0; k < channels.size(); ++k) {
    const PlotChannel& channel = history.channels().at(channels[k]);
    text += ',';
    text += csvField(channel.name + " (" + quantityUnit(channel.quantity) + ")");
    for (const auto& [time, value] : history.points(channels[k])) {
      std::vector<std::string>& row = rows[time];
      row.resize(channels.size());
      row[k] = number(value);
    }
  }
  text += "\n";
  for (auto& [time, row] : rows) {
    row.resize(channels.size());
    text += number(time);
    for (const std::string& cell : row) text += "," + cell;
    text += "\n";
  }
  return text;
}

void exportCsv(QWidget* parent, const PlotHistory& history,
               const std::vector<std::size_t>& channels) {
  if (channels.empty()) {
    QMessageBox::information(parent, "Export plot data", "No series is chosen: nothing to export.");
    return;
  }
  const QString path = QFileDialog::getSaveFileName(parent, "Export plot data", "plots.csv",
                                                    "CSV files (*.csv);;All files (*)");
  if (path.isEmpty()) return;
  QSaveFile file(path);
  const std::string text = plotCsv(history, channels);
  if (!file.open(QIODevice::WriteOnly) ||
      file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit()) {
    QMessageBox::warning(parent, "Export plot data",
                         QString("Cannot write %1: %2").arg(path, file.errorString()));
  }
}

void exportPng(QWidget* parent, QWidget* charts) {
  const QString path = QFileDialog::getSaveFileName(parent, "Export plots as image", "plots.png",
                                                    "PNG images (*.png);;All files (*)");
  if (path.isEmpty()) return;
  if (!charts->grab().save(path, "PNG")) {
    QMessageBox::warning(
        parent, "Export plots as image",
        QString("Cannot write %1 (check the folder exists and is writable).").arg(path));
  }
}

}  // namespace contactsim::gui
