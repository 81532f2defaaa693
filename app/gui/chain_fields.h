// The fields of a chain cable (docs/chain.md, "Scene format"): the chain's own (EA, damping,
// weight, paid-out length), its windlass and its guide ring, as number entries that show the
// file's values and write back exactly what was typed. An empty entry leaves the key out (its
// default applies); a windlass or guide with every entry empty is left out. The scene reader
// judges the values (required keys, ranges) when the edit is applied.
#pragma once

#include <QWidget>
#include <nlohmann/json.hpp>
#include <vector>

class QFormLayout;

namespace contactsim::gui {

class NumberFields;

class ChainFields : public QWidget {
  Q_OBJECT

 public:
  explicit ChainFields(QWidget* parent = nullptr);

  // Shows a cable's chain keys (empty entries for keys it does not have).
  void show(const nlohmann::json& cable);
  // Writes the chain keys into `cable`, removing those whose entries are empty; false with
  // `error` naming the field when an entry is not a finite number.
  bool read(nlohmann::json& cable, QString& error) const;
  // Removes every key `read` may write (the cable becomes an ideal one).
  void erase(nlohmann::json& cable) const;

 private:
  struct Field {
    const char* key;
    NumberFields* entries;
  };
  // Entries for `key` of the chain (group "") or of its nested object `group`, in a form row.
  Field add(QFormLayout* form, const char* group, const char* key, int count, const QString& label);

  std::vector<Field> chain_, windlass_, guide_;
};

}  // namespace contactsim::gui
