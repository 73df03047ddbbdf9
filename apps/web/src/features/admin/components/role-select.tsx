import { assignableRoles, roleInfo, type AssignableRole } from '@deck-portal/domain';
import { Select, type SelectProps } from '@mantine/core';

const roleOptions = assignableRoles.map((role) => ({ value: role, label: roleInfo[role].label }));

/** Sales Representative, Sales Manager or Administrator, with the chosen role's meaning below. */
export function RoleSelect({
  value,
  onChange,
  withDescription = true,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: AssignableRole;
  onChange: (role: AssignableRole) => void;
  withDescription?: boolean;
}) {
  return (
    <Select
      data={roleOptions}
      value={value}
      onChange={(next) => {
        if (next) onChange(next as AssignableRole);
      }}
      allowDeselect={false}
      checkIconPosition="right"
      description={withDescription ? roleInfo[value].description : undefined}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
