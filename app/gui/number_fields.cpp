#include "number_fields.h"

#include <QHBoxLayout>
#include <QLineEdit>
#include <QLocale>
#include <cmath>

namespace contactsim::gui {

using nlohmann::json;

namespace {

// The entry's name in errors: vectors by axis ("point.y"), longer rows by position.
QString entryName(const QString& field, int i, int count) {
  if (count == 1) return field;
  if (count == 3) return field + "." + QString("xyz")[i];
  return QStringLiteral("%1[%2]").arg(field).arg(i);
}

}  // namespace

QString numberText(double value) {
  return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

NumberFields::NumberFields(QString field, int count, QWidget* parent)
    : QWidget(parent), field_(std::move(field)) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  for (int i = 0; i < count; ++i) {
    auto* entry = new QLineEdit(this);
    entry->setObjectName(entryName(field_, i, count));
    entry->setMinimumWidth(40);
    layout->addWidget(entry);
    entries_.push_back(entry);
  }
}

void NumberFields::setValues(const json& values, const std::vector<double>& fallback) {
  const auto n = entries_.size();
  for (std::size_t i = 0; i < n; ++i) {
    const json* given = nullptr;
    if (n == 1 && !values.is_array()) given = &values;
    if (values.is_array() && values.size() == n) given = &values[i];
    QString text;
    if (given && given->is_number()) {
      text = numberText(given->get<double>());
    } else if (given && !given->is_null()) {
      text = QString::fromStdString(given->dump());  // shown as written; read() refuses it
    } else if (i < fallback.size()) {
      text = numberText(fallback[i]);
    }
    entries_[i]->setText(text);
  }
}

bool NumberFields::read(json& out, QString& error, bool optional) const {
  const int n = count();
  bool all_empty = true;
  for (const QLineEdit* entry : entries_)
    all_empty = all_empty && entry->text().trimmed().isEmpty();
  if (optional && all_empty) {
    out = nullptr;
    return true;
  }
  json values = json::array();
  for (int i = 0; i < n; ++i) {
    const QString text = entries_[static_cast<std::size_t>(i)]->text().trimmed();
    bool ok = false;
    const double value = text.toDouble(&ok);
    // toDouble accepts "inf" and "nan": the scene format has no place for them.
    if (!ok || !std::isfinite(value)) {
      error = QStringLiteral("%1: expected a finite number, got %2")
                  .arg(entryName(field_, i, n), text.isEmpty() ? "nothing" : "'" + text + "'");
      return false;
    }
    values.push_back(value);
  }
  out = n == 1 ? values[0] : values;
  return true;
}

}  // namespace contactsim::gui
